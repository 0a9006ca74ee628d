import { BlobServiceClient, BlockBlobClient } from '@azure/storage-blob';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTarget } from '../../src/contract/upload';
import { uploads } from '../../src/server/db/schema';
import type { RunningAzurite } from '../../src/server/integrations/storage/azurite';
import { ABANDONED_UPLOAD_AGE_MS, removeAbandonedUploads } from '../../src/server/modules/upload/upload-verification';
import { startTestAzurite } from '../support/azurite';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('uploads are what they claim', () => {
  let azurite: RunningAzurite;
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    azurite = await startTestAzurite();
    t = await createTestApp({ env: { AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString } });
    const customer = await createCustomer(t.database.db);
    headers = bearer(await signIn(t.app, customer.email));
    await createInvoice(t.database.db, customer.account.id, { invoiceNumber: 'INV-UP-1' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await azurite?.stop();
  });

  const token = async (fileName: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Upload/Token'),
      headers,
      payload: { fileName, captchaToken: 'ok' },
    });
    return response.json<UploadTarget>();
  };
  const upload = async (fileName: string, bytes: Buffer, contentType: string, disposition?: string) => {
    const target = await token(fileName);
    await new BlockBlobClient(target.sasUri).uploadData(bytes, {
      blobHTTPHeaders: {
        blobContentType: contentType,
        ...(disposition ? { blobContentDisposition: disposition } : {}),
      },
    });
    return { fileName: target.fileName, originalFileName: fileName };
  };
  const claim = (photos: { fileName: string; originalFileName: string }[]) =>
    t.app.inject({
      method: 'POST',
      url: api('Form/WarrantyClaim'),
      headers,
      payload: {
        invoiceNumber: 'INV-UP-1',
        claimType: 'sidewall-defect',
        brand: 'Marshal',
        tyreSize: '235/45R18',
        dotSerial: 'DOT U2LL LMLR 0924',
        treadDepthMm: 6.5,
        kilometres: 12000,
        vehicle: 'Toyota Camry 2021',
        faultDescription: 'Bulge on the outer sidewall.',
        photos,
        contactName: 'Pat Lee',
        contactEmail: 'pat@fixture.test',
        contactPhone: '0400 000 111',
        captchaToken: 'ok',
      },
    });
  const blob = (name: string) =>
    BlobServiceClient.fromConnectionString(azurite.connectionString)
      .getContainerClient('uploads')
      .getBlockBlobClient(name);

  it('refuses a claim whose blob is missing, too big, or of a type the uploader chose', async () => {
    const good = await upload('fault.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const missing = { fileName: (await token('never.jpg')).fileName, originalFileName: 'never.jpg' };
    const html = await upload('page.jpg', Buffer.from('<script>alert(1)</script>'), 'text/html', 'inline');
    const huge = await upload('huge.jpg', Buffer.alloc(15 * 1024 * 1024 + 1), 'image/jpeg');
    for (const bad of [missing, html, huge]) {
      const refused = await claim([good, bad]);
      expect(refused.statusCode, bad.originalFileName).toBe(400);
      expect(refused.json()).toMatchObject({ validationErrors: [{ name: 'photos' }] });
    }
  });

  it('accepts real photos and gives them the server’s own content type and disposition', async () => {
    const photos = [
      await upload('bulge.jpg', Buffer.from('jpeg bytes'), 'image/jpeg', 'inline'),
      await upload('dot.png', Buffer.from('png bytes'), 'image/png'),
    ];
    expect((await claim(photos)).statusCode).toBe(200);
    const properties = await blob(photos[0]?.fileName ?? '').getProperties();
    expect(properties.contentType).toBe('image/jpeg');
    expect(properties.contentDisposition).toBe('attachment; filename="bulge.jpg"');
  });

  it('refuses a blob overwritten after the server checked it', async () => {
    const target = await token('swap.jpg');
    await new BlockBlobClient(target.sasUri).uploadData(Buffer.from('first'), {
      blobHTTPHeaders: { blobContentType: 'image/jpeg' },
    });
    const photos = [
      { fileName: target.fileName, originalFileName: 'swap.jpg' },
      await upload('other.jpg', Buffer.from('x'), 'image/jpeg'),
    ];
    expect((await claim(photos)).statusCode).toBe(200);
    await new BlockBlobClient(target.sasUri).uploadData(Buffer.from('swapped'), {
      blobHTTPHeaders: { blobContentType: 'image/jpeg' },
    });
    expect((await claim(photos)).statusCode).toBe(400);
  });

  it('removes blobs no accepted submission references after a day, and keeps the rest', async () => {
    const abandoned = await upload('left.jpg', Buffer.from('left'), 'image/jpeg');
    const kept = [
      await upload('keep1.jpg', Buffer.from('1'), 'image/jpeg'),
      await upload('keep2.jpg', Buffer.from('2'), 'image/jpeg'),
    ];
    expect((await claim(kept)).statusCode).toBe(200);
    await removeAbandonedUploads(
      t.database.db,
      { azureStorageConnectionString: azurite.connectionString, uploadContainer: 'uploads' },
      new Date(),
    );
    expect(await blob(abandoned.fileName).exists()).toBe(true);
    const later = new Date(Date.now() + ABANDONED_UPLOAD_AGE_MS + 60_000);
    await removeAbandonedUploads(
      t.database.db,
      { azureStorageConnectionString: azurite.connectionString, uploadContainer: 'uploads' },
      later,
    );
    expect(await blob(abandoned.fileName).exists()).toBe(false);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.blobName, abandoned.fileName))).toEqual([]);
    for (const photo of kept) expect(await blob(photo.fileName).exists()).toBe(true);
  });
});
