import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { PublicMerchandise } from '../../src/contract/catalogue-merchandise';
import type { PublicTyre } from '../../src/contract/catalogue-tyres';
import type { ImportJob } from '../../src/contract/imports';
import { products } from '../../src/server/db/schema';
import { type PictureStorage, pictureStorageOf } from '../../src/server/integrations/storage/picture-storage';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import type { RunningAzurite } from '../../src/server/integrations/storage/azurite';
import { startTestAzurite } from '../support/azurite';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

type Entry = { readonly name: string; readonly content?: Buffer };

/** A zip of the entries given, in order; an entry without content is a folder. */
async function zipOf(entries: readonly Entry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const { name, content } of entries) {
    if (content) zip.addBuffer(content, name);
    else zip.addEmptyDirectory(name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const canvas = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** Pictures imported from a zip by SKU: stored by content, shown by the product, served at every width. */
describe('importing pictures', () => {
  let azurite: RunningAzurite;
  let t: TestApp;
  let storage: PictureStorage;
  let importFile: FileImporter;
  let jpeg: Buffer;
  let png: Buffer;
  let webp: Buffer;
  let file: Buffer;

  beforeAll(async () => {
    azurite = await startTestAzurite();
    const env = { AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString, PICTURE_CONTAINER: 'pictures' };
    t = await createTestApp({ now: NOW, env });
    await createCatalogueFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
    const configured = pictureStorageOf({
      azureStorageConnectionString: azurite.connectionString,
      pictureContainer: 'pictures',
    });
    if (!configured) throw new Error('no picture storage');
    storage = configured;
    importFile = await createFileImporter(t, NOW, { pictureStorage: storage });
    jpeg = await canvas(400, 300, '#c0392b').jpeg().toBuffer();
    png = await canvas(300, 300, '#2980b9').png().toBuffer();
    webp = await canvas(500, 250, '#27ae60').webp().toBuffer();
    file = await zipOf([
      { name: 'pictures/' },
      { name: 'pictures/t1.JPG', content: jpeg },
      { name: 'T2.png', content: png },
      { name: 'M1.webp', content: webp },
      { name: 'T3.jpg', content: Buffer.from('not a picture at all\n') },
      { name: 'NOPE.jpg', content: await canvas(10, 10, '#000').jpeg().toBuffer() },
      { name: 'T4.png', content: await canvas(7000, 6000, '#888').png({ compressionLevel: 1 }).toBuffer() },
      { name: 'T5.jpg', content: Buffer.alloc(21 * 1024 * 1024) },
      { name: '__MACOSX/pictures/._t1.JPG', content: Buffer.from('resource fork') },
    ]);
  }, 60_000);
  afterAll(async () => {
    await importFile?.dispose();
    await t?.close();
    await azurite?.stop();
  });

  const pictureBlob = async (sku: string) =>
    (await t.database.db.select({ blob: products.pictureBlob }).from(products).where(eq(products.sku, sku)))[0]?.blob;
  const tyre = async (slug: string) =>
    (await t.app.inject({ method: 'GET', url: api(`TyrePublic/Details?slug=${slug}`) })).json() as PublicTyre;
  const merchandise = async (slug: string) =>
    (
      await t.app.inject({ method: 'GET', url: api(`MerchandisePublic/Details?slug=${slug}`) })
    ).json() as PublicMerchandise;

  it('stores the JPEG, PNG and WebP by content, and refuses the other entries by their position in the zip', async () => {
    const { job, refused } = await importFile('pictures', file, { format: 'zip' });
    expect(refused).toEqual([
      'line 5: file: is not a JPEG, PNG or WebP picture',
      'line 6: file: no product has this SKU',
      'line 7: file: is larger than 40 megapixels',
      'line 8: file: is larger than 20 MB',
    ]);
    expect(job.errors[0]).toEqual({
      line: 5,
      column: 'file',
      value: 'T3.jpg',
      reason: 'is not a JPEG, PNG or WebP picture',
    });
    expect(job).toMatchObject({ state: 'done', counts: { read: 7, created: 3, updated: 0, unchanged: 0, failed: 4 } });
    expect(await pictureBlob('T1')).toBe(`products/${sha256(jpeg)}.jpg`);
    expect(await pictureBlob('T2')).toBe(`products/${sha256(png)}.png`);
    expect(await pictureBlob('M1')).toBe(`products/${sha256(webp)}.webp`);
    expect(await pictureBlob('T3')).toBeNull();
    expect(await storage.read(`products/${sha256(png)}.png`)).toEqual(png);
  });

  it('shows each product its new picture, the tyre’s tread view included', async () => {
    const t1 = `/images/products/${sha256(jpeg)}.jpg`;
    await expect.poll(async () => (await tyre('t1')).picture.imageUrl, { timeout: 5_000 }).toBe(t1);
    expect((await tyre('t1')).treadPicture.imageUrl).toBe(t1);
    expect((await tyre('t2')).picture.imageUrl).toBe(`/images/products/${sha256(png)}.png`);
    expect((await merchandise('m1')).picture.imageUrl).toBe(`/images/products/${sha256(webp)}.webp`);
    expect((await tyre('t3')).picture.imageUrl).toMatch(/^\/images\/catalogue\/tyres\//);
  });

  it('serves an imported picture at the widths asked for, and refuses a picture no product shows', async () => {
    const image = (url: string, width: number, accept: string) =>
      t.app.inject({ method: 'GET', url: `/image?url=${encodeURIComponent(url)}&w=${width}`, headers: { accept } });
    const webpAnswer = await image(`/images/products/${sha256(webp)}.webp`, 256, 'image/webp');
    expect(webpAnswer.statusCode).toBe(200);
    expect(webpAnswer.headers['content-type']).toBe('image/webp');
    expect(await sharp(webpAnswer.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 128 });
    const pngAnswer = await image(`/images/products/${sha256(jpeg)}.jpg`, 640, 'image/png');
    expect(await sharp(pngAnswer.rawPayload).metadata()).toMatchObject({ format: 'png', width: 640, height: 480 });
    const unknown = await image(`/images/products/${'0'.repeat(64)}.jpg`, 256, 'image/webp');
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a picture cut short, whose header is whole', async () => {
    const cut = await zipOf([{ name: 'T3.jpg', content: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }]);
    const { job, refused } = await importFile('pictures', cut, { format: 'zip' });
    expect(refused).toEqual(['line 1: file: is cut short or damaged']);
    expect(job).toMatchObject({ state: 'done', counts: { read: 1, created: 0, failed: 1 } });
    expect(await pictureBlob('T3')).toBeNull();
  });

  it('changes nothing when the same zip comes again', async () => {
    const { job } = await importFile('pictures', file, { format: 'zip' });
    expect(job.counts).toMatchObject({ read: 7, created: 0, updated: 0, unchanged: 3, failed: 4 });
  });

  it('replaces a picture with another, and a dry run writes neither the blob nor its reference', async () => {
    const red = await canvas(60, 60, '#ff0000').png().toBuffer();
    const replaced = await importFile('pictures', await zipOf([{ name: 'T2.png', content: red }]), { format: 'zip' });
    expect(replaced.job.counts).toMatchObject({ created: 0, updated: 1 });
    expect(await pictureBlob('T2')).toBe(`products/${sha256(red)}.png`);

    const blue = await canvas(60, 60, '#0000ff').webp().toBuffer();
    const dryRun = await importFile('pictures', await zipOf([{ name: 'M2.webp', content: blue }]), {
      format: 'zip',
      mode: 'dry-run',
    });
    expect(dryRun.job).toMatchObject({ state: 'done', counts: { created: 1 } });
    expect(await pictureBlob('M2')).toBeNull();
    expect(await storage.read(`products/${sha256(blue)}.webp`)).toBeNull();
  });

  it('applies nothing all-or-nothing when an entry is refused', async () => {
    const green = await canvas(60, 60, '#00ff00').jpeg().toBuffer();
    const { job } = await importFile(
      'pictures',
      await zipOf([
        { name: 'M3.jpg', content: green },
        { name: 'NOPE.jpg', content: green },
      ]),
      { format: 'zip', mode: 'all-or-nothing' },
    );
    expect(job).toMatchObject({ state: 'failed', counts: { failed: 1 } });
    expect(await pictureBlob('M3')).toBeNull();
  });

  it('refuses an entry whose bytes are not the size its header declares', async () => {
    const lying = async (declared: number) => {
      const zip = await zipOf([{ name: 'M4.png', content: Buffer.alloc(1024 * 1024) }]);
      // The central directory's record of the entry gives its uncompressed size at offset 24.
      zip.writeUInt32LE(declared, zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
      return importFile('pictures', zip, { format: 'zip' });
    };
    const larger = await lying(100);
    expect(larger.refused).toEqual(['line 1: file: is larger than its zip header says']);
    expect(larger.job.counts).toMatchObject({ read: 1, failed: 1 });
    expect((await lying(2 * 1024 * 1024)).refused).toEqual(['line 1: file: is smaller than its zip header says']);
  });

  it('fails a job, saying why, when the file is not a zip or blob storage is not configured', async () => {
    const notZip = await importFile('pictures', 'file\nT1.jpg\n', { format: 'zip' });
    expect(notZip.job.state).toBe('failed');
    expect(notZip.job.failure).toMatch(/^The file is not a zip that can be read/);
    const csv = await importFile('pictures', 'file\nT1.jpg\n', { format: 'csv' });
    expect(csv.job.failure).toBe('An import of pictures is a zip file.');

    const unconfigured = await createFileImporter(t, NOW);
    try {
      const { job } = await unconfigured('pictures', file, { format: 'zip' });
      expect(job).toMatchObject({
        state: 'failed',
        failure: 'Product pictures are kept in blob storage, and none is configured (AZURE_STORAGE_CONNECTION_STRING).',
      });
    } finally {
      await unconfigured.dispose();
    }
  });

  it('takes a zip over HTTP as application/zip, and refuses one for another entity', async () => {
    const key = (await createIntegrationKey(t.database.db, 'pictures-feed', ['catalogue', 'stock'])).token;
    const post = (entity: string, body: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: api(`Integration/Import?entity=${entity}&fileName=pictures.zip`),
        headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
        payload: body,
      });
    const w1 = await canvas(80, 80, '#333333').jpeg().toBuffer();
    const response = await post('pictures', await zipOf([{ name: 'W1.jpeg', content: w1 }]), 'application/zip');
    expect(response.statusCode).toBe(202);
    const queued = response.json() as ImportJob;
    await expect
      .poll(
        async () => {
          const answer = await t.app.inject({
            method: 'GET',
            url: api(`Integration/Import?id=${queued.id}`),
            headers: { authorization: `Bearer ${key}` },
          });
          return (answer.json() as ImportJob).state;
        },
        { timeout: 10_000 },
      )
      .toBe('done');
    expect(await pictureBlob('W1')).toBe(`products/${sha256(w1)}.jpg`);

    expect((await post('pictures', Buffer.from('file\n'), 'text/csv')).statusCode).toBe(415);
    expect((await post('stock', w1, 'application/zip')).statusCode).toBe(415);
  });
});
