import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicWheelResults, TradeWheelResults, WheelSearchParameters } from '../../src/contract/catalogue-wheels';
import { createSignedInCatalogue } from '../support/catalogue-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('wheel search: facets, PCDs, offsets, sort and paging', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ({ headers } = await createSignedInCatalogue(t, NOW, { state: 'QLD', priceDisplay: 'Trade' }));
  });
  afterAll(() => t.close());

  const post = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: api(path), payload, ...(path.startsWith('Wheel/') ? { headers } : {}) });
  const search = async (payload: object, path = 'WheelPublic/Search') => {
    const response = await post(path, payload);
    expect(response.statusCode).toBe(200);
    return response.json() as PublicWheelResults;
  };

  it('a wheel drilled for two PCDs counts under both, and facets narrow each other', async () => {
    const all = await search({});
    expect(all.facets.pcds).toEqual([
      { value: '5x100', count: 1 },
      { value: '5x114.3', count: 1 },
      { value: '6x139.7', count: 2 },
    ]);
    const sixStud = await search({ pcds: ['6x139.7'] });
    expect(sixStud.items.map((w) => w.sku).sort()).toEqual(['W1', 'W3']);
    expect(sixStud.facets.sizes).toEqual([{ value: 17, count: 2 }]);
    expect(sixStud.facets.pcds).toEqual(all.facets.pcds);
    const seventeen = await search({ sizes: [17] });
    expect(seventeen.facets.pcds).toEqual([{ value: '6x139.7', count: 2 }]);
    expect((await search({ pcds: ['5x100'] })).items.map((w) => w.sku)).toEqual(['W2']);
  });

  it('filters by an offset range, narrowing the facets too', async () => {
    const result = await search({ offsetMin: 0, offsetMax: 30 });
    expect(result.items.map((w) => w.sku)).toEqual(['W1']);
    expect(result.facets.brands).toEqual([{ value: 'Delta', count: 1 }]);
  });

  it('carries the wheel fields of SPEC.md §3', async () => {
    const [wheel] = (await search({ pcds: ['5x114.3'] })).items;
    expect(wheel).toMatchObject({
      brand: 'Delta',
      design: 'Five',
      color: 'Silver',
      performance: 'Street',
      size: 18,
      width: 8,
      pcds: ['5x100', '5x114.3'],
      offset: 40,
      centreBore: 73.1,
      seat: 'Conical',
    });
  });

  it('sorts by name both ways, and pages; signed in, by price both ways too', async () => {
    const byPrice = async (payload: object) =>
      ((await post('Wheel/Search', { sortBy: 'Price', ...payload })).json() as TradeWheelResults).items.map(
        (w) => w.priceCents as number,
      );
    const ascending = await byPrice({});
    expect(ascending).toHaveLength(3);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await byPrice({ sortDirection: 'Descending' })).toEqual([...ascending].reverse());
    expect(
      (await search({ sortBy: 'Name', sortDirection: 'Descending', pageSize: 1, page: 2 })).items.map((w) => w.sku),
    ).toEqual(['W1']);
  });

  it('signed in, wheels carry price and stock for the account state', async () => {
    const response = await post('Wheel/Search', { pcds: ['6x139.7'] });
    expect(response.statusCode).toBe(200);
    const results = response.json() as TradeWheelResults;
    expect(results.items.find((w) => w.sku === 'W1')).toMatchObject({
      priceCents: 28_000,
      rrpCents: 40_000,
      stockType: 'Local',
      stockQuantity: 8,
    });
    expect(results.items.find((w) => w.sku === 'W3')).toMatchObject({ stockType: 'None' });
  });

  it.each(['Wheel', 'WheelPublic'])('%s/Pcds, %s/Designs?brand and %s/SearchParameters', async (prefix) => {
    const pcds = await post(`${prefix}/Pcds`, { sizes: [18] });
    expect(pcds.statusCode).toBe(200);
    expect(pcds.json()).toEqual([
      { value: '5x100', count: 1 },
      { value: '5x114.3', count: 1 },
    ]);
    const withHeaders = prefix === 'Wheel' ? { headers } : {};
    const designs = await t.app.inject({ method: 'GET', url: api(`${prefix}/Designs?brand=Delta`), ...withHeaders });
    expect(designs.json()).toEqual([
      { value: 'Five', count: 1 },
      { value: 'Six', count: 1 },
    ]);
    const parameters = (
      await t.app.inject({ method: 'GET', url: api(`${prefix}/SearchParameters`), ...withHeaders })
    ).json() as WheelSearchParameters;
    expect(parameters).toMatchObject({
      brands: ['Delta', 'Echo'],
      sizes: [17, 18],
      pcds: ['5x100', '5x114.3', '6x139.7'],
      offsetRange: { min: -12, max: 40 },
    });
    expect(parameters.sortFields).toEqual(prefix === 'Wheel' ? ['Name', 'Price', 'Availability'] : ['Name']);
  });

  it('WheelPublic/Details answers by slug', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('WheelPublic/Details?slug=w3') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sku: 'W3', color: 'Bronze' });
    expect((await t.app.inject({ method: 'GET', url: api('WheelPublic/Details?slug=zz') })).statusCode).toBe(404);
  });

  it.each([
    [{ pcds: ['six by 139'] }, 'pcds.0'],
    [{ offsetMin: 'low' }, 'offsetMin'],
    [{ offsetMin: 40, offsetMax: 10 }, 'offsetMin'],
    [{ sizes: [40] }, 'sizes.0'],
    [{ sortBy: 'Offset' }, 'sortBy'],
  ])('a bad query %j answers 400', async (payload, field) => {
    for (const path of ['WheelPublic/Search', 'Wheel/Search']) {
      const response = await post(path, payload);
      expect(response.statusCode).toBe(400);
      expect(
        (response.json() as { validationErrors: { name: string }[] }).validationErrors.map((v) => v.name),
      ).toContain(field);
    }
  });
});
