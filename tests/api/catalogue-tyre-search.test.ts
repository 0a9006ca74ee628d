import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicTyreResults, TradeTyreResults, TyreSearchParameters } from '../../src/contract/catalogue-tyres';
import { createSignedInCatalogue } from '../support/catalogue-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('tyre search: facets, sizes, sort and paging (signed in and public)', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    ({ headers } = await createSignedInCatalogue(t, NOW, { state: 'VIC' }));
  });
  afterAll(() => t.close());

  const post = (path: string, payload: object, signedIn = false) =>
    t.app.inject({ method: 'POST', url: api(path), payload, ...(signedIn ? { headers } : {}) });
  const search = async (payload: object) => {
    const response = await post('TyrePublic/Search', payload);
    expect(response.statusCode).toBe(200);
    return response.json() as PublicTyreResults;
  };

  it('facets narrow each other and report counts; a facet is counted under the other filters only', async () => {
    const all = await search({});
    expect(all.totalCount).toBe(5);
    expect(all.facets.diameters).toEqual([
      { value: 16, count: 2 },
      { value: 17, count: 3 },
    ]);
    expect(all.facets.widths).toEqual([
      { value: 205, count: 1 },
      { value: 225, count: 1 },
      { value: 265, count: 3 },
    ]);

    const seventeen = await search({ diameters: [17] });
    expect(seventeen.totalCount).toBe(3);
    // Widths offered depend on the chosen diameter...
    expect(seventeen.facets.widths).toEqual([
      { value: 225, count: 1 },
      { value: 265, count: 2 },
    ]);
    // ...while the diameters stay countable so the user can change them.
    expect(seventeen.facets.diameters).toEqual([
      { value: 16, count: 2 },
      { value: 17, count: 3 },
    ]);

    const narrowed = await search({ diameters: [17], widths: [265] });
    expect(narrowed.items.map((i) => i.sku).sort()).toEqual(['T1', 'T3']);
    expect(narrowed.facets.profiles).toEqual([{ value: 65, count: 2 }]);
    expect(narrowed.facets.diameters).toEqual([
      { value: 16, count: 1 },
      { value: 17, count: 2 },
    ]);
    expect(narrowed.facets.brands).toEqual([
      { value: 'Alpha', count: 1 },
      { value: 'Bravo', count: 1 },
    ]);
    expect(narrowed.facets.extraLoad).toEqual([
      { value: false, count: 1 },
      { value: true, count: 1 },
    ]);

    const brandOr = await search({ brands: ['Alpha', 'Charlie'] });
    expect(brandOr.items.map((i) => i.sku).sort()).toEqual(['T1', 'T2', 'T5']);
    expect(brandOr.totalCount).toBe(3);
    expect((await search({ runFlat: true })).items.map((i) => i.sku)).toEqual(['T4']);
    expect((await search({ seasons: ['All Season'] })).items.map((i) => i.sku)).toEqual(['T5']);
    expect((await search({ brands: ['Nobody'] })).totalCount).toBe(0);
  });

  it.each(['2656517', '265/65R17', '265 65 17', 'LT265/65R17'])(
    'a typed size %s lands on the filtered results',
    async (size) => {
      const results = await search({ size });
      expect(results.items.map((i) => i.sku).sort()).toEqual(['T1', 'T3']);
    },
  );

  it('a size with load index and speed rating narrows to that rating', async () => {
    expect((await search({ size: '265/65R17 112H' })).items.map((i) => i.sku)).toEqual(['T1']);
  });

  it('free text matches every word of the name or SKU', async () => {
    expect((await search({ search: 'bravo sport' })).items.map((i) => i.sku)).toEqual(['T4']);
    expect((await search({ search: 't5' })).items.map((i) => i.sku)).toEqual(['T5']);
  });

  it('sorts by name both ways and pages; signed in, by price too', async () => {
    const ascending = await search({ sortBy: 'Name', sortDirection: 'Ascending' });
    const names = ascending.items.map((i) => i.name);
    expect(names).toEqual([...names].sort());
    const descending = await search({ sortBy: 'Name', sortDirection: 'Descending' });
    expect(descending.items.map((i) => i.name)).toEqual([...names].reverse());

    const page1 = await search({ pageSize: 2, page: 1 });
    const page3 = await search({ pageSize: 2, page: 3 });
    expect(page1).toMatchObject({ totalCount: 5, totalPages: 3, page: 1, pageSize: 2 });
    expect(page1.items.map((i) => i.name)).toEqual(names.slice(0, 2));
    expect(page3.items.map((i) => i.name)).toEqual(names.slice(4));
    expect((await search({ pageSize: 2, page: 4 })).items).toEqual([]);
    const byPrice = async (payload: object) =>
      ((await post('Tyre/Search', { sortBy: 'Price', ...payload }, true)).json() as TradeTyreResults).items;
    const prices = (await byPrice({})).map((i) => i.priceCents as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await byPrice({ pageSize: 2, page: 2 })).map((i) => i.sku)).toEqual(
      (await byPrice({})).slice(2, 4).map((i) => i.sku),
    );
  });

  it('carries the tyre fields of SPEC.md §3', async () => {
    const [item] = (await search({ size: '225/45R17' })).items;
    expect(item).toMatchObject({
      brand: 'Bravo',
      pattern: 'Sport',
      width: 225,
      profile: 45,
      diameter: 17,
      loadRating: '94',
      speedRatingBase: 'W',
      fullSpecificationDisplay: '225/45R17 94W Run Flat',
      attributes: ['Run Flat', 'Summer'],
    });
    expect(item?.picture.imageUrl).toMatch(/^\/images\/catalogue\/tyres\//);
  });

  it.each(['Tyre', 'TyrePublic'])('%s/Diameters and %s/Profiles answer the narrowed values', async (prefix) => {
    const signedIn = prefix === 'Tyre';
    const diameters = await post(`${prefix}/Diameters`, { widths: [265] }, signedIn);
    expect(diameters.statusCode).toBe(200);
    expect(diameters.json()).toEqual([
      { value: 16, count: 1 },
      { value: 17, count: 2 },
    ]);
    const profiles = await post(`${prefix}/Profiles`, { widths: [265], diameters: [17] }, signedIn);
    expect(profiles.json()).toEqual([{ value: 65, count: 2 }]);
  });

  it.each(['Tyre', 'TyrePublic'])('%s/Patterns?brand and %s/SearchParameters', async (prefix) => {
    const withHeaders = prefix === 'Tyre' ? { headers } : {};
    const patterns = await t.app.inject({ method: 'GET', url: api(`${prefix}/Patterns?brand=Bravo`), ...withHeaders });
    expect(patterns.json()).toEqual([
      { value: 'Sport', count: 1 },
      { value: 'Trail', count: 1 },
    ]);
    const none = await t.app.inject({ method: 'GET', url: api(`${prefix}/Patterns?brand=Nobody`), ...withHeaders });
    expect(none.json()).toEqual([]);
    const parameters = (
      await t.app.inject({ method: 'GET', url: api(`${prefix}/SearchParameters`), ...withHeaders })
    ).json() as TyreSearchParameters;
    expect(parameters).toMatchObject({
      brands: ['Alpha', 'Bravo', 'Charlie'],
      widths: [205, 225, 265],
      profiles: [45, 55, 65, 70],
      diameters: [16, 17],
      sortFields: prefix === 'Tyre' ? ['Name', 'Price', 'Availability'] : ['Name'],
      sortDirections: ['Ascending', 'Descending'],
    });
  });

  it('the signed-in search narrows the same way', async () => {
    const response = await post('Tyre/Search', { diameters: [17], widths: [265] }, true);
    expect(response.statusCode).toBe(200);
    expect((response.json() as PublicTyreResults).totalCount).toBe(2);
  });

  it.each([
    [{ size: 'michelin' }, 'size'],
    [{ widths: ['wide'] }, 'widths.0'],
    [{ diameters: [99] }, 'diameters.0'],
    [{ sortBy: 'Colour' }, 'sortBy'],
    [{ sortDirection: 'Up' }, 'sortDirection'],
    [{ page: 0 }, 'page'],
    [{ pageSize: 1000 }, 'pageSize'],
    [{ unknownFilter: 1 }, 'request'],
    [{ runFlat: 'yes' }, 'runFlat'],
  ])('a bad query %j answers 400 naming the field', async (payload, field) => {
    for (const path of ['TyrePublic/Search', 'Tyre/Search']) {
      const response = await post(path, payload, path === 'Tyre/Search');
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      const names = (response.json() as { validationErrors: { name: string }[] }).validationErrors.map((v) => v.name);
      if (field !== 'request') expect(names).toContain(field);
    }
  });

  it('a missing slug is 400, an unknown one 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: api('TyrePublic/Details') })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: api('TyrePublic/Details?slug=nope') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: api('TyrePublic/Patterns') })).statusCode).toBe(400);
  });
});
