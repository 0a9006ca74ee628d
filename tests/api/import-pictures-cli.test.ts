import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { openDatabase } from '../../src/server/db/client';
import { products } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { projectDir } from '../support/shop-process';

const run = promisify(execFile);

/** `npm run import -- pictures pictures.zip` with no storage account: the command starts the embedded Azurite. */
describe('npm run import -- pictures', () => {
  let dataDir: string;

  const openShopDatabase = () => openDatabase({ pgliteDir: path.join(dataDir, 'db') });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-import-pictures-cli-'));
    const database = await openShopDatabase();
    await database.migrate();
    await createCatalogueFixture(database.db, new Date());
    await database.close();
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('stores the pictures in DATA_DIR/azurite, prints each refused one and exits 1', async () => {
    const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const zip = new yazl.ZipFile();
    zip.addBuffer(picture, 'M4.png');
    zip.addBuffer(picture, 'NOPE.png');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
    const file = path.join(dataDir, 'pictures.zip');
    await writeFile(file, Buffer.concat(chunks));

    const { DATABASE_URL: _database, AZURE_STORAGE_CONNECTION_STRING: _storage, ...inherited } = process.env;
    const outcome = await run('npm', ['run', '--silent', 'import', '--', 'pictures', file], {
      cwd: projectDir,
      env: { ...inherited, DATA_DIR: dataDir },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(outcome.stderr.split('\n').filter((line) => line.startsWith('line '))).toEqual([
      'line 2: file: no product has this SKU',
    ]);
    expect(outcome.stdout).toMatch(/2 read, 1 created, 0 updated, 0 unchanged, 1 refused/);
    expect(outcome.code).toBe(1);

    const database = await openShopDatabase();
    try {
      const [m4] = await database.db
        .select({ blob: products.pictureBlob, imageUrl: products.imageUrl })
        .from(products)
        .where(eq(products.sku, 'M4'));
      const sha256 = createHash('sha256').update(picture).digest('hex');
      expect(m4).toEqual({ blob: `products/${sha256}.png`, imageUrl: `/images/products/${sha256}.png` });
    } finally {
      await database.close();
    }
  }, 120_000);
});
