import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchandiseCategory, TradeMerchandise } from '../../src/contract/catalogue-merchandise';
import { createSignedInCatalogue } from '../support/catalogue-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('merchandise: categories, details, search and subcategory search', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ({ headers } = await createSignedInCatalogue(t, NOW, { state: 'VIC', priceDisplay: 'Trade' }));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: api(path),
      ...(payload ? { payload } : {}),
      ...(path.startsWith('Merchandise/') ? { headers } : {}),
    });

  it.each(['Merchandise', 'MerchandisePublic'])(
    '%s/Categories lists categories with subcategories and counts',
    async (prefix) => {
      const response = await call('GET', `${prefix}/Categories`);
      expect(response.statusCode).toBe(200);
      const categories = response.json() as MerchandiseCategory[];
      expect(categories.map((c) => [c.slug, c.count, c.subcategories.map((s) => [s.slug, s.count])])).toEqual([
        [
          'wheel-accessories',
          3,
          [
            ['wheel-nuts', 2],
            ['hub-rings', 1],
          ],
        ],
        ['apparel', 1, [['caps', 1]]],
      ]);
    },
  );

  it.each(['Merchandise', 'MerchandisePublic'])(
    '%s/Search filters by category, subcategory, brand and text',
    async (prefix) => {
      const search = async (payload: object) => {
        const response = await call('POST', `${prefix}/Search`, payload);
        expect(response.statusCode).toBe(200);
        return response.json() as {
          items: { sku: string }[];
          totalCount: number;
          facets: { subcategories: unknown; brands: unknown };
        };
      };
      const accessories = await search({ categorySlug: 'wheel-accessories' });
      expect(accessories.items.map((i) => i.sku).sort()).toEqual(['M1', 'M2', 'M3']);
      expect(accessories.facets.subcategories).toEqual([
        { value: 'hub-rings', count: 1 },
        { value: 'wheel-nuts', count: 2 },
      ]);
      expect((await search({ brands: ['YHI'] })).items.map((i) => i.sku).sort()).toEqual(['M3', 'M4']);
      expect((await search({ search: 'm14x1.5' })).items.map((i) => i.sku)).toEqual(['M2']);
      expect(
        (await search({ sortBy: 'Name', sortDirection: 'Descending', pageSize: 2 })).items.map((i) => i.sku),
      ).toEqual(['M4', 'M3']);
    },
  );

  it.each(['Merchandise', 'MerchandisePublic'])('%s/SubcategorySearch answers one subcategory', async (prefix) => {
    const response = await call('POST', `${prefix}/SubcategorySearch`, { subcategorySlug: 'wheel-nuts' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { items: { sku: string }[] }).items.map((i) => i.sku).sort()).toEqual(['M1', 'M2']);
  });

  it('signed-in details carry price, stock and the specs the cart reads', async () => {
    const response = await call('GET', 'Merchandise/Details?slug=m1');
    expect(response.statusCode).toBe(200);
    expect(response.json() as TradeMerchandise).toMatchObject({
      sku: 'M1',
      category: { slug: 'wheel-accessories', name: 'Wheel Accessories' },
      subcategory: { slug: 'wheel-nuts', name: 'Wheel Nuts' },
      specs: { thread: 'M12x1.5', seat: 'Conical' },
      priceCents: 200,
      stockType: 'Local',
      stockQuantity: 500,
    });
  });

  it('public details carry no price or stock', async () => {
    const response = await call('GET', 'MerchandisePublic/Details?slug=m1');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/"(priceCents|rrpCents|stockQuantity|stockType|inventories)"/);
  });

  it.each([
    ['POST', 'MerchandisePublic/Search', { categorySlug: 'Not A Slug' }, 400],
    ['POST', 'MerchandisePublic/Search', { categorySlug: 'no-such-category' }, 400],
    ['POST', 'MerchandisePublic/Search', { categorySlug: 'caps' }, 400],
    ['POST', 'MerchandisePublic/SubcategorySearch', {}, 400],
    ['POST', 'MerchandisePublic/SubcategorySearch', { subcategorySlug: 'apparel' }, 400],
    ['POST', 'Merchandise/Search', { pageSize: 0 }, 400],
    ['GET', 'MerchandisePublic/Details?slug=', undefined, 400],
    ['GET', 'MerchandisePublic/Details?slug=nothing', undefined, 404],
  ] as const)('%s %s %j answers %i', async (method, path, payload, status) => {
    expect((await call(method, path, payload)).statusCode).toBe(status);
  });
});
