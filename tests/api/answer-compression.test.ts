import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await seedDemoData(t.database.db, { now: NOW, catalogueSize: { tyres: 100, wheels: 10, merchandise: 10 } });
  await t.app.catalogue.reload();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const search = (acceptEncoding: string) =>
  t.app.inject({
    method: 'POST',
    url: '/yhi/api/TyrePublic/Search',
    headers: { 'accept-encoding': acceptEncoding },
    payload: { pageSize: 48 },
  });

describe('a search answer a browser asks compressed', () => {
  for (const [asked, encoding, decompress] of [
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const) {
    it(`comes as ${encoding} in one piece, the same answer as uncompressed (${asked})`, async () => {
      const plain = await search('identity');
      // Larger than the 8 KB above which the plugin's defaults streamed an answer through the thread pool.
      expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
      const response = await search(asked);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['transfer-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(decompress(response.rawPayload).equals(plain.rawPayload)).toBe(true);
    });
  }
});
