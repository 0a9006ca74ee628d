import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueImageUrl } from '../../src/server/integrations/images/catalogue-image-urls';
import { ImageDiskCache } from '../../src/server/modules/images/image-disk-cache';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const CACHE_MAX_BYTES = 60_000;
const CONCURRENCY = 2;
const wheel = catalogueImageUrl({ kind: 'wheel', spokes: 6, colour: 'silver', design: 'fixture' });
const tyre = catalogueImageUrl({ kind: 'tyre', category: 'passenger', pattern: 'fixture' });
const image = (url: string, w: number, extra = '') => `/image?url=${encodeURIComponent(url)}&w=${w}${extra}`;

describe('images cannot be used to burn CPU and disk', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-images-'));
    t = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        IMAGE_CACHE_MAX_BYTES: String(CACHE_MAX_BYTES),
        IMAGE_RENDER_CONCURRENCY: String(CONCURRENCY),
      },
    });
    await createCatalogueFixture(t.database.db, new Date());
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'image/png') => t.app.inject({ method: 'GET', url, headers: { accept } });

  it('draws only pictures a product shows, at the allowed qualities only', async () => {
    const before = t.app.imageRenders.rendered;
    const invented = catalogueImageUrl({ kind: 'wheel', spokes: 7, colour: 'purple', design: 'made-up' });
    expect((await get(image(invented, 64))).statusCode).toBe(400);
    expect((await get(invented)).statusCode).toBe(404);
    for (const q of ['1', '37', '100']) expect((await get(image(wheel, 64, `&q=${q}`))).statusCode).toBe(400);
    expect(t.app.imageRenders.rendered).toBe(before);
  });

  it('draws a picture asked for by many at once only once', async () => {
    const before = t.app.imageRenders.rendered;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(image(wheel, 128, '&q=90'))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(t.app.imageRenders.rendered - before).toBe(1);
  });

  it('draws at most IMAGE_RENDER_CONCURRENCY at once, and searches answer meanwhile', async () => {
    const widths = [16, 32, 48, 64, 96, 256, 384, 640];
    const renders = widths.flatMap((w) => [get(image(tyre, w, '&q=50')), get(image(tyre, w, '&q=50'), 'image/webp')]);
    const search = await t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload: {} });
    expect(search.statusCode).toBeLessThan(500);
    expect((await Promise.all(renders)).every((answer) => answer.statusCode === 200)).toBe(true);
    expect(t.app.imageRenders.peakConcurrent).toBeLessThanOrEqual(CONCURRENCY);
  });

  it('keeps the disk cache within its bytes', () => {
    const directory = path.join(dataDir, 'images');
    const bytes = readdirSync(directory).reduce((sum, name) => sum + statSync(path.join(directory, name)).size, 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(CACHE_MAX_BYTES);
  });

  it('evicts the least recently used picture first', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'yhi-lru-'));
    try {
      const cache = new ImageDiskCache(directory, 1_000);
      await cache.write('a.png', Buffer.alloc(400));
      await cache.write('b.png', Buffer.alloc(400));
      expect(await cache.read('a.png')).not.toBeNull();
      await cache.write('c.png', Buffer.alloc(400));
      expect(readdirSync(directory).sort()).toEqual(['a.png', 'c.png']);
      expect(cache.size).toEqual({ files: 2, bytes: 800 });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
