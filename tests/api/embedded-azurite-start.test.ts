import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BlockBlobClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTarget } from '../../src/contract/upload';
import { type LaunchedAzurite, type PlannedAzurite, planAzurite } from '../../src/server/integrations/storage/azurite';
import { azuriteConnectionString } from '../../src/server/integrations/storage/blob-connection';
import { blobStorageFor, storageStarting } from '../../src/server/integrations/storage/blob-storage';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

/**
 * The server starts the embedded Azurite once its catalogue has loaded and serves meanwhile (main.ts): an upload asked
 * for while Azurite is still starting waits for it.
 */
describe('uploads while the embedded Azurite starts', () => {
  const location = mkdtempSync(path.join(os.tmpdir(), 'yhi-azurite-'));
  let planned: PlannedAzurite;
  let azurite: LaunchedAzurite | undefined;
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    planned = await planAzurite({ location });
    t = await createTestApp({ env: { AZURE_STORAGE_CONNECTION_STRING: planned.connectionString } });
    headers = bearer(await signIn(t.app, (await createCustomer(t.database.db)).email));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await azurite?.stop();
    rmSync(location, { recursive: true, force: true });
  });

  /** Whether `promise` is still unsettled once `ms` have passed. */
  const pendingAfter = (promise: Promise<unknown>, ms: number) =>
    Promise.race([
      promise.then(
        () => false,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms)),
    ]);

  it('answers an upload asked for as Azurite is spawned once Azurite serves, and the upload can be written', async () => {
    azurite = planned.launch();
    storageStarting(azurite.connectionString, azurite.ready);
    // Azurite takes a second or more to serve; until then no storage client is handed out (this file has loaded the
    // storage SDK already, so without the wait the client would be ready within a few ticks).
    expect(await pendingAfter(blobStorageFor(azurite.connectionString, 'uploads'), 100)).toBe(true);
    const response = await t.app.inject({
      method: 'POST',
      url: api('Upload/Token'),
      headers,
      payload: { fileName: 'tread.jpg', captchaToken: 'local-captcha' },
    });
    expect(response.statusCode).toBe(200);
    const target = response.json() as UploadTarget;
    await new BlockBlobClient(target.sasUri).uploadData(Buffer.from('jpeg bytes'));
  }, 60_000);

  it('hands out no storage client when the storage it waits for did not start, but the reason it did not', async () => {
    const neverServed = azuriteConnectionString('http://127.0.0.1:1/devstoreaccount1');
    const failed = Promise.reject(new Error('Azurite exited early with code 1'));
    storageStarting(neverServed, failed);
    await expect(blobStorageFor(neverServed, 'uploads')).rejects.toThrow('Azurite exited early with code 1');
  });
});
