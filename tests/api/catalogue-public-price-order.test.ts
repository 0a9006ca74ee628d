import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PUBLIC_PRICE_SORT_REFUSED } from '../../src/contract/catalogue-common';
import type { Problem } from '../../src/contract/problem';
import type { RouteDefinition } from '../../src/contract/route';
import { type RouteName, routes } from '../../src/contract/routes';
import { createSignedInCatalogue } from '../support/catalogue-fixtures';
import { sampleOf } from '../support/contract-samples';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

const names = Object.keys(routes) as RouteName[];
const publicRoutes = names.filter((name) => (routes[name] as RouteDefinition).access === 'public');
/** Public routes whose body takes a sortBy: every search a visitor can order. */
const publicSearches = publicRoutes.filter((name) => {
  const body = (routes[name] as RouteDefinition).body;
  return body !== undefined && 'sortBy' in ((sampleOf(body) as object | undefined) ?? {});
});

/** Every field name of a request schema, at any depth, as the contract spells it. */
function fieldNames(schema: z.ZodType): string[] {
  const def = schema._zod.def as unknown as { type: string } & Record<string, unknown>;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => [
        key,
        ...fieldNames(field),
      ]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return fieldNames(def.innerType as z.ZodType);
    case 'pipe':
      return fieldNames(def.in as z.ZodType);
    case 'array':
      return fieldNames(def.element as z.ZodType);
    case 'union':
      return (def.options as z.ZodType[]).flatMap(fieldNames);
    default:
      return [];
  }
}

describe('visitors learn nothing about price: no public search orders or filters by it', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ({ headers } = await createSignedInCatalogue(t, NOW, { state: 'VIC' }));
  });
  afterAll(() => t.close());

  const post = (path: string, payload: object, signedIn = false) =>
    t.app.inject({ method: 'POST', url: api(path), payload, ...(signedIn ? { headers } : {}) });

  it('finds the four public searches of SPEC.md §7 in the route table', () => {
    expect(publicSearches.map((name) => routes[name].path).sort()).toEqual([
      'MerchandisePublic/Search',
      'MerchandisePublic/SubcategorySearch',
      'TyrePublic/Search',
      'WheelPublic/Search',
    ]);
  });

  it.each(publicSearches)(
    '%s answers sortBy Price with 400 naming sortBy, in any spelling of the field',
    async (name) => {
      const route: RouteDefinition = routes[name];
      const sample = Object.entries(sampleOf(route.body as z.ZodType) as object).filter(([key]) => key !== 'sortBy');
      for (const order of [{ sortBy: 'Price' }, { SortBy: 'Price', sortDirection: 'Descending' }]) {
        const response = await post(route.path, { ...Object.fromEntries(sample), ...order });
        expect(response.statusCode, response.body).toBe(400);
        expect((response.json() as Problem).validationErrors).toEqual([
          { name: 'sortBy', reason: PUBLIC_PRICE_SORT_REFUSED },
        ]);
      }
    },
  );

  it.each(publicRoutes)('%s takes no field about price (no price range, no price filter)', (name) => {
    const route: RouteDefinition = routes[name];
    const fields = [route.query, route.body].flatMap((schema) => (schema ? fieldNames(schema) : []));
    expect(fields.filter((field) => /price|rrp|cost|cents/i.test(field))).toEqual([]);
  });

  it.each(['TyrePublic', 'WheelPublic'])('%s/SearchParameters offers no price order', async (prefix) => {
    const response = await t.app.inject({ method: 'GET', url: api(`${prefix}/SearchParameters`) });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { sortFields: string[] }).sortFields).toEqual(['Name']);
  });

  it.each(['Tyre/Search', 'Wheel/Search', 'Merchandise/Search'])(
    'signed in, %s still orders by price',
    async (path) => {
      const response = await post(path, { sortBy: 'Price', sortDirection: 'Descending' }, true);
      expect(response.statusCode, response.body).toBe(200);
      const prices = (response.json() as { items: { priceCents: number }[] }).items.map((item) => item.priceCents);
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    },
  );
});
