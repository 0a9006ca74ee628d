import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueImageUrl } from '../../src/server/integrations/images/catalogue-image-urls';
import { IMAGE_WIDTHS } from '../../src/domain/image-widths';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

// The pictures the catalogue fixture's products show: only pictures some product shows are drawn.
const tyre = catalogueImageUrl({ kind: 'tyre', category: 'passenger', pattern: 'fixture' });
const tread = catalogueImageUrl({ kind: 'tyre', category: 'passenger', pattern: 'fixture', view: 'tread' });
const wheel = catalogueImageUrl({ kind: 'wheel', spokes: 6, colour: 'silver', design: 'fixture' });
const item = catalogueImageUrl({ kind: 'merchandise', subcategory: 'fixture' });
const image = (url: string, w: number | string, extra = '') => `/image?url=${encodeURIComponent(url)}&w=${w}${extra}`;

describe('the image endpoint: the shop’s own pictures, resized to the allowed widths', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await createCatalogueFixture(t.database.db, new Date());
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  it.each([tyre, tread, wheel, item])('draws %s and resizes it to the asked width', async (url) => {
    const response = await t.app.inject({ method: 'GET', url: image(url, 256) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toMatch(/max-age=31536000/);
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.width).toBe(256);
  });

  it('answers WebP to browsers that take it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: image(wheel, 64),
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(response.headers['content-type']).toBe('image/webp');
    expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
  });

  it('uses quality 75 unless asked for another of the allowed qualities', async () => {
    const accept = { accept: 'image/webp' };
    const byDefault = await t.app.inject({ method: 'GET', url: image(wheel, 384), headers: accept });
    const at75 = await t.app.inject({ method: 'GET', url: image(wheel, 384, '&q=75'), headers: accept });
    const at50 = await t.app.inject({ method: 'GET', url: image(wheel, 384, '&q=50'), headers: accept });
    expect(byDefault.rawPayload.equals(at75.rawPayload)).toBe(true);
    expect(at50.rawPayload.length).toBeLessThan(at75.rawPayload.length);
  });

  it('renders every width of SPEC.md §9 and no other', async () => {
    expect(IMAGE_WIDTHS).toEqual([16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    for (const w of [300, 0, 4000, 'abc']) {
      const response = await t.app.inject({ method: 'GET', url: image(item, w) });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    expect((await t.app.inject({ method: 'GET', url: `/image?url=${encodeURIComponent(item)}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: image(item, 32, '&q=0') })).statusCode).toBe(400);
  });

  it.each([
    'https://example.com/tyre.png',
    '//example.com/tyre.png',
    '/images/../../etc/passwd',
    '/images/catalogue/wheels/99-spoke/bronze/x.png',
    '/images/catalogue/tyres/4wd/../../x-sidewall.png',
    'file:///etc/passwd',
  ])('refuses %s: only the shop’s own images', async (url) => {
    const response = await t.app.inject({ method: 'GET', url: image(url, 64) });
    expect(response.statusCode).toBe(400);
  });

  it('serves a drawn picture at its own address too', async () => {
    const response = await t.app.inject({ method: 'GET', url: tyre });
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(800);
  });
});
