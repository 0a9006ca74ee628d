import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicTyreResults } from '../../src/contract/catalogue-tyres';
import { products, tyres } from '../../src/server/db/schema';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe("tyre search: 'load index at least' reads a dual rating by its first (single-fitment) number", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    for (const [sku, loadRating] of [
      ['L91', '91'],
      ['L104', '104'],
      ['L121', '121/118'],
    ] as const) {
      const [product] = await t.database.db
        .insert(products)
        .values({
          sku,
          slug: sku.toLowerCase(),
          kind: 'Tyre',
          name: `Load ${loadRating}`,
          brand: 'Alpha',
          imageUrl: '',
          rrpCents: 30_000,
          tradeCents: 20_000,
        })
        .returning();
      await t.database.db.insert(tyres).values({
        productId: product?.id as number,
        pattern: 'Road',
        sizePrefix: null,
        width: 265,
        profile: 65,
        diameter: 17,
        loadRating,
        speedRating: 'H',
        category: '4WD',
        season: 'Summer',
        runFlat: false,
        extraLoad: false,
      });
    }
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const skusFor = async (payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload });
    expect(response.statusCode).toBe(200);
    return (response.json() as PublicTyreResults).items.map((item) => item.sku);
  };

  it('gives every tyre without a minimum', async () => {
    expect(await skusFor({})).toEqual(['L104', 'L121', 'L91']);
  });

  it('gives the tyres of load index 100 and more for a minimum of 100', async () => {
    expect(await skusFor({ loadIndexMin: 100 })).toEqual(['L104', 'L121']);
  });

  it('gives the 121/118 tyre alone for a minimum of 120', async () => {
    expect(await skusFor({ loadIndexMin: 120 })).toEqual(['L121']);
  });

  it('counts the facets over the tyres that meet the minimum', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('TyrePublic/Search'),
      payload: { loadIndexMin: 120 },
    });
    expect((response.json() as PublicTyreResults).facets.loadRatings).toEqual([{ value: '121/118', count: 1 }]);
  });

  it('refuses a minimum that is not a whole number', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('TyrePublic/Search'),
      payload: { loadIndexMin: 'heavy' },
    });
    expect(response.statusCode).toBe(400);
  });
});
