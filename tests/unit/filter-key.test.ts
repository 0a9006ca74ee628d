import { describe, expect, it } from 'vitest';
import { filterKey } from '../../src/server/modules/catalogue/table-search';

describe('a search request’s filter key', () => {
  it('is the same for the same filters, whatever their order, sort or page', () => {
    const first = filterKey({
      brands: ['Pirelli'],
      size: '205/55R16',
      sortBy: 'Name',
      sortDirection: 'Ascending',
      page: 1,
      pageSize: 24,
    });
    const second = filterKey({
      size: '205/55R16',
      page: 3,
      brands: ['Pirelli'],
      pageSize: 48,
      sortBy: 'Price',
      sortDirection: 'Descending',
      seasons: undefined,
    });
    expect(second).toBe(first);
  });

  it('differs when any filter differs', () => {
    const base = { brands: ['Pirelli'], size: '205/55R16' };
    const key = filterKey(base);
    expect(filterKey({ ...base, brands: ['Michelin'] })).not.toBe(key);
    expect(filterKey({ ...base, runFlat: false })).not.toBe(key);
    expect(filterKey({ brands: ['Pirelli'] })).not.toBe(key);
    expect(filterKey({ ...base, search: 'p zero' })).not.toBe(key);
  });

  it('is asked of one request twice (answer and narrowing caches) and gives the same key', () => {
    const request = { widths: [205], diameters: [16], page: 2 };
    expect(filterKey(request)).toBe(filterKey(request));
    expect(filterKey(request)).toBe(filterKey({ diameters: [16], widths: [205] }));
  });
});
