import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeMerchandise, PromotionBanner } from '../../src/contract/home';
import type { StaffHomeTile, StaffPromotionBanner } from '../../src/contract/staff-home-content';
import type { RunningAzurite } from '../../src/server/integrations/storage/azurite';
import { startTestAzurite } from '../support/azurite';
import { type ContentStaffApp, fieldNames, startContentStaffApp } from '../support/content-staff';
import { bearer, createStaff, signedInCustomer } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import type { TestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

/**
 * Staff/PromotionBanner and Staff/HomeTiles: content staff set the home page's banner and tiles with an uploaded
 * picture, Home/PromotionBanner and Home/Merchandise answer the change at once and uncached, a file that is not a
 * JPEG, PNG or WebP is refused by its content, and only content staff (and administrators) may change them.
 */
describe("content staff manage the home page's banner and tiles", () => {
  let azurite: RunningAzurite;
  let t: TestApp;
  let content: Record<string, string>;
  let admin: Record<string, string>;
  let get: ContentStaffApp['get'];
  let post: ContentStaffApp['post'];
  let customer: Record<string, string>;
  let picture: string;

  beforeAll(async () => {
    azurite = await startTestAzurite();
    ({ t, content, admin, get, post } = await startContentStaffApp(NOW, {
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    }));
    customer = await signedInCustomer(t.app, t.database.db);
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00000' } })
      .png()
      .toBuffer();
    picture = png.toString('base64');
  });
  afterAll(async () => {
    await t?.close();
    await azurite?.stop();
  });

  const upload = async () => {
    const stored = await post('Staff/HomePicture', { content: picture }, content);
    expect(stored.statusCode, stored.body).toBe(200);
    return (stored.json() as { imageUrl: string }).imageUrl;
  };

  it('stores an uploaded PNG under its content and serves it while the banner shows it', async () => {
    const imageUrl = await upload();
    expect(imageUrl).toMatch(/^\/images\/home\/uploaded\/[0-9a-f]{64}\.png$/);
    expect(await upload()).toBe(imageUrl);
    // Not yet shown by the banner or a tile: not served.
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404);
  });

  it('refuses a file that is not a picture by its content, on the content field', async () => {
    const text = Buffer.from('not a picture at all').toString('base64');
    const refused = await post('Staff/HomePicture', { content: text }, content);
    expect(refused.statusCode).toBe(400);
    expect(fieldNames(refused.body)).toEqual(['content']);
    const notBase64 = await post('Staff/HomePicture', { content: '%%%' }, content);
    expect(notBase64.statusCode).toBe(400);
    expect(fieldNames(notBase64.body)).toEqual(['content']);
  });

  it('saves the banner, which Home/PromotionBanner answers at once without caching, and clears it', async () => {
    const imageUrl = await upload();
    const banner = {
      title: 'Winter wheel sale',
      alternateText: 'Alloy wheels in the snow',
      imageUrl,
      linkUrl: '/wheels',
      startDate: at(-1),
      endDate: at(24),
    };
    const saved = await post('Staff/PromotionBanner', banner, content);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json() as StaffPromotionBanner;
    expect(answer).toEqual({
      id: expect.any(Number),
      picture: { imageUrl, alternateText: 'Alloy wheels in the snow', title: 'Winter wheel sale' },
      linkUrl: '/wheels',
      startDate: banner.startDate,
      endDate: banner.endDate,
      showingNow: true,
    });
    expect((await get('Staff/PromotionBanner', content)).json()).toEqual(answer);

    const shown = await get('Home/PromotionBanner', customer);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json() as PromotionBanner).toEqual({
      id: answer.id,
      picture: { imageUrl, alternateText: 'Alloy wheels in the snow', title: 'Winter wheel sale' },
      linkUrl: '/wheels',
    });
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const later = await post('Staff/PromotionBanner', { ...banner, startDate: at(2) }, content);
    expect((later.json() as StaffPromotionBanner).showingNow).toBe(false);
    expect((await get('Home/PromotionBanner', customer)).json()).toBeNull();

    const backwards = await post('Staff/PromotionBanner', { ...banner, endDate: at(-2) }, content);
    expect(fieldNames(backwards.body)).toEqual(['endDate']);
    const outside = await post('Staff/PromotionBanner', { ...banner, linkUrl: 'https://example.com' }, content);
    expect(fieldNames(outside.body)).toEqual(['linkUrl']);
    const foreignPicture = await post(
      'Staff/PromotionBanner',
      { ...banner, imageUrl: 'https://x.test/a.png' },
      content,
    );
    expect(fieldNames(foreignPicture.body)).toEqual(['imageUrl']);

    const cleared = await post('Staff/PromotionBannerClear', {}, content);
    expect(cleared.json()).toEqual({ cleared: true });
    expect((await get('Staff/PromotionBanner', content)).json()).toBeNull();
    expect((await get('Home/PromotionBanner', customer)).json()).toBeNull();
  });

  it('adds, saves and deletes tiles, which Home/Merchandise answers at once in sort order', async () => {
    const imageUrl = await upload();
    const tile = { title: 'Jacks', alternateText: 'A trolley jack', imageUrl, linkUrl: '/merchandise', sortOrder: 2 };
    const added = await post('Staff/HomeTiles', { id: null, ...tile }, content);
    expect(added.statusCode, added.body).toBe(200);
    const created = added.json() as StaffHomeTile;
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Jacks',
      picture: { imageUrl, alternateText: 'A trolley jack', title: 'Jacks' },
      linkUrl: '/merchandise',
      alternateText: 'A trolley jack',
      sortOrder: 2,
    });
    const first = await post('Staff/HomeTiles', { ...tile, id: null, title: 'Gauges', sortOrder: 1 }, content);
    const gauges = first.json() as StaffHomeTile;

    const shown = await get('Home/Merchandise', customer);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect((shown.json() as HomeMerchandise[]).map((shownTile) => shownTile.title)).toEqual(['Gauges', 'Jacks']);

    const saved = await post('Staff/HomeTiles', { ...tile, id: created.id, title: 'Trolley jacks' }, content);
    expect((saved.json() as StaffHomeTile).title).toBe('Trolley jacks');
    expect(((await get('Home/Merchandise', customer)).json() as HomeMerchandise[]).map((x) => x.title)).toEqual([
      'Gauges',
      'Trolley jacks',
    ]);

    const missing = await post('Staff/HomeTiles', { ...tile, id: 999_999 }, content);
    expect(missing.statusCode).toBe(404);
    const unsorted = await post('Staff/HomeTiles', { ...tile, id: null, sortOrder: -1 }, content);
    expect(fieldNames(unsorted.body)).toEqual(['sortOrder']);

    expect((await post('Staff/HomeTileDelete', { id: gauges.id }, content)).json()).toEqual({ id: gauges.id });
    expect((await post('Staff/HomeTileDelete', { id: gauges.id }, content)).statusCode).toBe(404);
    expect(((await get('Staff/HomeTiles', content)).json() as StaffHomeTile[]).map((x) => x.title)).toEqual([
      'Trolley jacks',
    ]);
  });

  it('lets content staff and administrators in, and refuses other staff, customers and visitors', async () => {
    const sales = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email));
    for (const path of ['Staff/PromotionBanner', 'Staff/HomeTiles']) {
      expect((await get(path, content)).statusCode).toBe(200);
      expect((await get(path, admin)).statusCode).toBe(200);
      expect((await get(path, sales)).statusCode).toBe(403);
      expect((await get(path, customer)).statusCode).toBe(403);
      expect((await get(path, {})).statusCode).toBe(401);
    }
    expect((await post('Staff/HomePicture', { content: picture }, sales)).statusCode).toBe(403);
    expect((await post('Staff/PromotionBannerClear', {}, customer)).statusCode).toBe(403);
    expect((await post('Staff/HomeTileDelete', { id: 1 }, {})).statusCode).toBe(401);
  });
});
