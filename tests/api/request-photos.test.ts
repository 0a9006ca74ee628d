import { BlockBlobClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetail } from '../../src/contract/requests';
import type { UploadTarget } from '../../src/contract/upload';
import type { RunningAzurite } from '../../src/server/integrations/storage/azurite';
import { startTestAzurite } from '../support/azurite';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

/** A warranty claim's photos open for claims staff through read-only links that work for five minutes. */
describe("a request's photos", () => {
  let azurite: RunningAzurite;
  let t: TestApp;
  let reference: string;

  beforeAll(async () => {
    azurite = await startTestAzurite();
    t = await createTestApp({ env: { AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString } });
    const customer = await createCustomer(t.database.db);
    const headers = bearer(await signIn(t.app, customer.email));
    await createInvoice(t.database.db, customer.account.id, { invoiceNumber: 'INV-PH-1' });
    const upload = async (fileName: string, bytes: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: api('Upload/Token'),
        headers,
        payload: { fileName, captchaToken: 'ok' },
      });
      const target = response.json<UploadTarget>();
      await new BlockBlobClient(target.sasUri).uploadData(Buffer.from(bytes), {
        blobHTTPHeaders: { blobContentType: 'image/jpeg' },
      });
      return { fileName: target.fileName, originalFileName: fileName };
    };
    const claim = await t.app.inject({
      method: 'POST',
      url: api('Form/WarrantyClaim'),
      headers,
      payload: {
        invoiceNumber: 'INV-PH-1',
        claimType: 'sidewall-defect',
        brand: 'Marshal',
        tyreSize: '235/45R18',
        dotSerial: 'DOT U2LL LMLR 0924',
        treadDepthMm: 6.5,
        kilometres: 12000,
        vehicle: 'Toyota Camry 2021',
        faultDescription: 'Bulge on the outer sidewall.',
        photos: [await upload('bulge.jpg', 'bulge bytes'), await upload('dot.jpg', 'dot bytes')],
        contactName: 'Pat Lee',
        contactEmail: 'pat@fixture.test',
        contactPhone: '0400 000 111',
        captchaToken: 'ok',
      },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    ({ reference } = claim.json<{ reference: string }>());
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await azurite?.stop();
  });

  it('gives read-only links that open each photo until five minutes from now', async () => {
    const claims = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'claims')).email));
    t.clock.now = new Date();
    const response = await t.app.inject({
      method: 'GET',
      url: api(`Staff/Request?reference=${reference}`),
      headers: claims,
    });
    const detail = response.json<RequestDetail>();
    expect(detail.photos.map((photo) => photo.originalFileName)).toEqual(['bulge.jpg', 'dot.jpg']);
    expect(detail.fields.map((field) => field.label)).not.toContain('Photos 1: File name');
    const [photo] = detail.photos;
    expect(new Date(photo?.expiresAt ?? '').getTime() - t.clock.now.getTime()).toBe(5 * 60_000);
    const url = new URL(photo?.url ?? '');
    expect(url.searchParams.get('sp')).toBe('r');
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(await read.text()).toBe('bulge bytes');
    const write = await fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: 'swapped' });
    expect(write.status).toBe(403);
  });

  it('gives links that no longer open once they have expired', async () => {
    const claims = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'claims')).email));
    t.clock.now = new Date(Date.now() - 6 * 60_000);
    const response = await t.app.inject({
      method: 'GET',
      url: api(`Staff/Request?reference=${reference}`),
      headers: claims,
    });
    const [photo] = response.json<RequestDetail>().photos;
    expect((await fetch(photo?.url ?? '')).status).toBe(403);
  });
});
