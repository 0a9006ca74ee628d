import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/server/db/schema';
import { createSignedInCatalogue } from '../support/catalogue-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

const POST_ROUTES = [
  'Tyre/Search',
  'Tyre/Diameters',
  'Tyre/Profiles',
  'TyrePublic/Search',
  'TyrePublic/Diameters',
  'TyrePublic/Profiles',
  'Wheel/Search',
  'Wheel/Pcds',
  'WheelPublic/Search',
  'WheelPublic/Pcds',
  'Merchandise/Search',
  'Merchandise/SubcategorySearch',
  'MerchandisePublic/Search',
  'MerchandisePublic/SubcategorySearch',
];
const GET_ROUTES = [
  'Tyre/Patterns',
  'TyrePublic/Patterns',
  'TyrePublic/Details',
  'Wheel/Designs',
  'WheelPublic/Designs',
  'WheelPublic/Details',
  'Vehicle/Models',
  'Vehicle/TyreDefinitions',
  'Vehicle/WheelDefinitions',
  'Merchandise/Details',
  'MerchandisePublic/Details',
];

/** Bodies near the real shape: known field names with values of any type, plus arbitrary JSON. */
const body = fc.oneof(
  fc.record(
    {
      size: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      widths: fc.oneof(fc.array(fc.oneof(fc.integer(), fc.string())), fc.string()),
      diameters: fc.array(fc.oneof(fc.integer({ min: -100, max: 100 }), fc.double())),
      pcds: fc.array(fc.string()),
      brands: fc.oneof(fc.array(fc.string()), fc.string()),
      offsetMin: fc.oneof(fc.integer(), fc.string()),
      sortBy: fc.oneof(fc.constantFrom('Name', 'Price'), fc.string()),
      sortDirection: fc.string(),
      page: fc.oneof(fc.integer(), fc.double(), fc.string()),
      pageSize: fc.integer(),
      categorySlug: fc.string(),
      subcategorySlug: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe('catalogue routes answer bad input with 4xx problems, never 5xx, and change nothing', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ({ headers } = await createSignedInCatalogue(t, NOW, { state: 'VIC' }));
  });
  afterAll(() => t.close());

  it('POST bodies', async () => {
    const before = await t.database.db.select().from(products);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_ROUTES), body, async (route, payload) => {
        const response = await t.app.inject({
          method: 'POST',
          url: api(route),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400)
          expect(response.json()).toMatchObject({ isError: true, status: response.statusCode });
      }),
      { numRuns: 80 },
    );
    expect(await t.database.db.select().from(products)).toEqual(before);
  });

  it('GET query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GET_ROUTES),
        fc.dictionary(fc.constantFrom('brand', 'slug', 'makeId', 'vehicleId', 'x'), fc.string()),
        async (route, query) => {
          const search = new URLSearchParams(query).toString();
          const response = await t.app.inject({ method: 'GET', url: api(`${route}?${search}`), headers });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });
});
