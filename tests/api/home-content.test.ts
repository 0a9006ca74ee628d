import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeMerchandise, PromotionBanner } from '../../src/contract/home';
import { homeMerchandise, promotionBanners } from '../../src/server/db/schema';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const days = (count: number) => new Date(NOW.getTime() + count * 86_400_000);

describe('Home/PromotionBanner and Home/Merchandise', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('answers null when no banner is active', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('Home/PromotionBanner') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('answers the first active banner by sortOrder', async () => {
    await t.database.db.insert(promotionBanners).values([
      { title: 'Expired', imageUrl: '/a.svg', alternateText: 'a', linkUrl: '/tyres', endsAt: days(-1), sortOrder: 0 },
      { title: 'Second', imageUrl: '/b.svg', alternateText: 'b', linkUrl: '/wheels', sortOrder: 2 },
      { title: 'First', imageUrl: '/c.svg', alternateText: 'c', linkUrl: '/tyres', startsAt: days(-1), sortOrder: 1 },
    ]);
    const banner = (await t.app.inject({ method: 'GET', url: api('Home/PromotionBanner') })).json() as PromotionBanner;
    expect(banner).toMatchObject({
      picture: { title: 'First', imageUrl: '/c.svg', alternateText: 'c' },
      linkUrl: '/tyres',
    });
  });

  it('answers the merchandise tiles by sortOrder', async () => {
    await t.database.db.insert(homeMerchandise).values([
      { title: 'Apparel', imageUrl: '/ap.svg', alternateText: 'caps', linkUrl: '/merchandise', sortOrder: 2 },
      { title: 'Workshop', imageUrl: '/ws.svg', alternateText: 'tools', linkUrl: '/merchandise', sortOrder: 1 },
    ]);
    const tiles = (await t.app.inject({ method: 'GET', url: api('Home/Merchandise') })).json() as HomeMerchandise[];
    expect(tiles.map((tile) => tile.title)).toEqual(['Workshop', 'Apparel']);
    expect(tiles[0]?.picture).toEqual({ imageUrl: '/ws.svg', alternateText: 'tools', title: 'Workshop' });
  });
});
