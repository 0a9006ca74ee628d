import { BlobServiceClient, BlockBlobClient, ContainerClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/contract/problem';
import type { UploadTarget } from '../../src/contract/upload';
import { type RunningAzurite } from '../../src/server/integrations/storage/azurite';
import { startTestAzurite } from '../support/azurite';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

let azurite: RunningAzurite;
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  azurite = await startTestAzurite();
  t = await createTestApp({
    env: { AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString, UPLOAD_SAS_MINUTES: '5' },
  });
  const customer = await createCustomer(t.database.db);
  headers = bearer(await signIn(t.app, customer.email));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await azurite?.stop();
});

async function token(fileName: string, captchaToken = 'local-captcha', auth = headers) {
  return t.app.inject({ method: 'POST', url: api('Upload/Token'), headers: auth, payload: { fileName, captchaToken } });
}

async function target(fileName = 'sidewall.jpg'): Promise<UploadTarget> {
  const response = await token(fileName);
  expect(response.statusCode).toBe(200);
  return response.json() as UploadTarget;
}

function statusOf(error: unknown): number | undefined {
  return (error as { statusCode?: number }).statusCode;
}

describe('Upload/Token', () => {
  it('answers a SAS for one new blob with the file extension, and the SAS can write that blob', async () => {
    const answer = await target('Tread Photo.JPG');
    expect(answer.fileName).toMatch(/^T[0-9a-f]{8}\/\d{4}-\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(answer.sasUri).toContain(encodeURIComponent(answer.fileName).replaceAll('%2F', '/'));
    const sas = new URL(answer.sasUri).searchParams;
    expect(sas.get('sp')).toBe('cw');
    expect(sas.get('sr')).toBe('b');

    const blob = new BlockBlobClient(answer.sasUri);
    await blob.uploadData(Buffer.from('jpeg bytes'), {
      blobHTTPHeaders: {
        blobContentType: 'image/jpeg',
        blobContentDisposition: 'attachment; filename="Tread Photo.JPG"',
      },
    });
    await blob.setMetadata({ OriginalFileName: 'Tread Photo.JPG' });

    const admin = BlobServiceClient.fromConnectionString(azurite.connectionString)
      .getContainerClient('uploads')
      .getBlockBlobClient(answer.fileName);
    const properties = await admin.getProperties();
    expect(properties.contentType).toBe('image/jpeg');
    expect(properties.metadata).toEqual({ originalfilename: 'Tread Photo.JPG' });
  });

  it('refuses file types outside the list, and names with path characters', async () => {
    for (const name of ['setup.exe', 'photo', 'notes.txt', '../../etc/passwd.jpg', 'a\\b.png', '']) {
      const response = await token(name);
      expect(response.statusCode, name).toBe(400);
      expect((response.json() as Problem).validationErrors[0]?.name).toBe('fileName');
    }
  });

  it('refuses a file over the size limit, and an empty one, when the browser says their size', async () => {
    for (const fileSize of [15 * 1024 * 1024 + 1, 0]) {
      const response = await t.app.inject({
        method: 'POST',
        url: api('Upload/Token'),
        headers,
        payload: { fileName: 'tread.jpg', fileSize, captchaToken: 'local-captcha' },
      });
      expect(response.statusCode, String(fileSize)).toBe(400);
      expect((response.json() as Problem).validationErrors[0]?.name).toBe('fileSize');
    }
  });

  it('refuses a refused captcha token with the CaptchaToken validation error', async () => {
    const response = await token('tread.jpg', 'invalid-token');
    expect(response.statusCode).toBe(400);
    expect((response.json() as Problem).validationErrors).toEqual([
      { name: 'CaptchaToken', reason: 'Recaptcha token is invalid.' },
    ]);
  });

  it('is for signed-in customers only', async () => {
    const response = await token('tread.jpg', 'local-captcha', {});
    expect(response.statusCode).toBe(401);
  });

  it('gives a SAS that cannot read, list or delete, nor write another blob', async () => {
    const answer = await target();
    const blob = new BlockBlobClient(answer.sasUri);
    await blob.uploadData(Buffer.from('first'));

    await expect(blob.download()).rejects.toSatisfy((error) => statusOf(error) === 403);
    await expect(blob.delete()).rejects.toSatisfy((error) => statusOf(error) === 403);

    const url = new URL(answer.sasUri);
    const containerUrl = `${url.origin}${url.pathname.split('/').slice(0, 3).join('/')}${url.search}`;
    const container = new ContainerClient(containerUrl);
    await expect(container.listBlobsFlat().next()).rejects.toSatisfy((error) => statusOf(error) === 403);

    const other = new URL(answer.sasUri);
    other.pathname = other.pathname.replace(/[0-9a-f-]{36}\.jpg$/, '00000000-0000-4000-8000-000000000000.jpg');
    await expect(new BlockBlobClient(other.toString()).uploadData(Buffer.from('sneaky'))).rejects.toSatisfy(
      (error) => statusOf(error) === 403,
    );
  });

  it('gives a SAS that expires', async () => {
    const realNow = t.clock.now;
    t.clock.now = new Date(Date.now() - 6 * 60_000);
    try {
      const answer = await target();
      await expect(new BlockBlobClient(answer.sasUri).uploadData(Buffer.from('late'))).rejects.toSatisfy(
        (error) => statusOf(error) === 403,
      );
    } finally {
      t.clock.now = realNow;
    }
  });
});
