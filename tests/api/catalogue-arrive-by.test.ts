import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/contract/problem';
import {
  type DeliveryShop,
  type DeliveryState,
  FRIDAY_MORNING,
  createDeliveryShop,
} from '../support/delivery-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

interface Answer {
  items: { sku: string; delivery: { date: string | null } }[];
  totalCount: number;
  totalPages: number;
  facets: { brands: { value: string; count: number }[] };
}

/**
 * The stock of createDeliveryCatalogue, for VIC: T1 today (Melbourne), T4 Tue 1 Dec (Sydney), T2 Thu 3 Dec (supplier),
 * T3 15 Dec (inbound to Sydney on 12 Dec), T5 never. For NSW: T4 today, T1 Tue 1 Dec, T3 12 Dec.
 */
describe('a search narrowed to what can arrive by a day', () => {
  let t: TestApp;
  let shop: DeliveryShop;

  beforeAll(async () => {
    t = await createTestApp({ now: FRIDAY_MORNING });
    shop = await createDeliveryShop(t, FRIDAY_MORNING);
  });
  afterAll(async () => {
    await shop.importFile.dispose();
    await t.close();
  });

  const tyres = async (arriveBy: string, state: DeliveryState = 'VIC', paging: object = { pageSize: 50 }) => {
    const response = await shop.search(
      'Tyre/Search',
      { arriveBy, sortBy: 'Availability', ...paging },
      shop.tokens[state],
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Answer;
  };
  const skus = (answer: Answer) => answer.items.map((item) => item.sku);

  it('matches local stock by today in the customer state, interstate stock from its later day', async () => {
    expect(skus(await tyres('2026-11-27', 'VIC'))).toEqual(['T1']);
    expect(skus(await tyres('2026-11-27', 'NSW'))).toEqual(['T4']);
    expect(skus(await tyres('2026-11-30', 'VIC'))).toEqual(['T1']);
    expect(skus(await tyres('2026-12-01', 'VIC'))).toEqual(['T1', 'T4']);
    expect(skus(await tyres('2026-12-03', 'VIC'))).toEqual(['T1', 'T4', 'T2']);
  });

  it('matches stock on order by its expected day, and leaves it out the day before', async () => {
    expect(skus(await tyres('2026-12-14', 'VIC'))).toEqual(['T1', 'T4', 'T2']);
    expect(skus(await tyres('2026-12-15', 'VIC'))).toEqual(['T1', 'T4', 'T2', 'T3']);
    expect(skus(await tyres('2026-12-12', 'NSW'))).toEqual(['T4', 'T1', 'T2', 'T3']);
  });

  it('never matches an item with no promised day, however late the day', async () => {
    expect(skus(await tyres('2099-12-31', 'VIC'))).toEqual(['T1', 'T4', 'T2', 'T3']);
  });

  it('matches nothing by a day before today', async () => {
    const answer = await tyres('2026-11-26', 'VIC');
    expect(answer.items).toEqual([]);
    expect(answer.totalCount).toBe(0);
    expect(answer.facets.brands).toEqual([]);
  });

  it('counts only the matches in the total, the pages and the facets', async () => {
    const first = await tyres('2026-12-03', 'VIC', { pageSize: 2, page: 1 });
    const second = await tyres('2026-12-03', 'VIC', { pageSize: 2, page: 2 });
    expect([skus(first), skus(second)]).toEqual([['T1', 'T4'], ['T2']]);
    expect([first.totalCount, first.totalPages]).toEqual([3, 2]);
    expect(first.facets.brands).toEqual([
      { value: 'Alpha', count: 2 },
      { value: 'Bravo', count: 1 },
    ]);
  });

  it('narrows wheels and merchandise by the same day', async () => {
    for (const path of ['Wheel/Search', 'Merchandise/Search']) {
      const all = await shop.search(path, { pageSize: 100 }, shop.tokens.VIC);
      const narrowed = await shop.search(path, { pageSize: 100, arriveBy: '2026-12-01' }, shop.tokens.VIC);
      expect(narrowed.statusCode, narrowed.body).toBe(200);
      const due = (all.json() as Answer).items
        .filter((item) => item.delivery.date !== null && item.delivery.date <= '2026-12-01')
        .map((item) => item.sku);
      expect(skus(narrowed.json() as Answer)).toEqual(due);
      expect((narrowed.json() as Answer).totalCount).toBe(due.length);
    }
  });

  it('sees a stock change made after a first search', async () => {
    expect(skus(await tyres('2026-11-27', 'VIC'))).toEqual(['T1']);
    const stock = await shop.importFile('stock-deltas', 'sku,warehouse,quantity\nT5,MEL,3\n');
    expect(stock.refused).toEqual([]);
    expect(skus(await tyres('2026-11-27', 'VIC'))).toEqual(['T5', 'T1']);
  });

  it('refuses a day that is not a date, naming arriveBy', async () => {
    const response = await shop.search('Tyre/Search', { arriveBy: '2026-02-30' }, shop.tokens.VIC);
    expect(response.statusCode).toBe(400);
    expect((response.json() as Problem).validationErrors).toEqual([
      { name: 'arriveBy', reason: 'Expected a date YYYY-MM-DD' },
    ]);
  });

  it('is refused to visitors, who see no stock, naming arriveBy', async () => {
    for (const path of ['TyrePublic/Search', 'WheelPublic/Search', 'MerchandisePublic/Search']) {
      const response = await shop.search(path, { arriveBy: '2026-12-01' });
      expect(response.statusCode).toBe(400);
      expect((response.json() as Problem).validationErrors).toEqual([
        { name: 'arriveBy', reason: 'This field is not part of the request' },
      ]);
    }
  });
});
