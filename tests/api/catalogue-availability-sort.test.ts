import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/contract/problem';
import {
  type DeliveryShop,
  type DeliveryState,
  FRIDAY_MORNING,
  createDeliveryShop,
} from '../support/delivery-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

/** The stock of createDeliveryCatalogue: T1 local to VIC, T4 to NSW, T2 at the supplier, T3 inbound, T5 none. */
describe('ordering a search by availability: soonest promised arrival first', () => {
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

  const tyreOrder = async (state: DeliveryState) => {
    const response = await shop.search('Tyre/Search', { sortBy: 'Availability', pageSize: 50 }, shop.tokens[state]);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: { sku: string; delivery: { text: string } }[] }).items.map(
      (item) => `${item.sku}: ${item.delivery.text}`,
    );
  };

  it('lists local stock first, then interstate, supplier and inbound stock by their dates, and nothing held last', async () => {
    expect(await tyreOrder('VIC')).toEqual([
      'T1: today (pick-up)',
      'T4: Tue 1 Dec',
      'T2: Thu 3 Dec',
      'T3: on order, expected 15 Dec',
      'T5: not available',
    ]);
    expect(await tyreOrder('NSW')).toEqual([
      'T4: today (pick-up)',
      'T1: Tue 1 Dec',
      'T2: Thu 3 Dec',
      'T3: on order, expected 12 Dec',
      'T5: not available',
    ]);
  });

  it('pages through the same order', async () => {
    const page = async (page: number) => {
      const response = await shop.search('Tyre/Search', { sortBy: 'Availability', pageSize: 2, page }, shop.tokens.VIC);
      expect(response.statusCode).toBe(200);
      return (response.json() as { items: { sku: string }[] }).items.map((item) => item.sku);
    };
    expect([await page(1), await page(2), await page(3)]).toEqual([['T1', 'T4'], ['T2', 'T3'], ['T5']]);
  });

  it('orders wheels and merchandise the same way', async () => {
    for (const path of ['Wheel/Search', 'Merchandise/Search']) {
      const response = await shop.search(path, { sortBy: 'Availability', pageSize: 100 }, shop.tokens.VIC);
      expect(response.statusCode, response.body).toBe(200);
      const dates = (response.json() as { items: { delivery: { date: string | null } }[] }).items.map(
        (item) => item.delivery.date ?? '9999-12-31',
      );
      expect(dates.length).toBeGreaterThan(0);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it('is refused to visitors, who see no stock, naming sortBy', async () => {
    for (const path of ['TyrePublic/Search', 'WheelPublic/Search', 'MerchandisePublic/Search']) {
      const response = await shop.search(path, { sortBy: 'Availability' });
      expect(response.statusCode).toBe(400);
      expect((response.json() as Problem).validationErrors).toEqual([
        { name: 'sortBy', reason: 'Sign in to sort by price or availability' },
      ]);
    }
  });

  it('is offered by the signed-in search parameters only', async () => {
    const offered = async (path: string, headers?: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url: api(path), ...(headers ? { headers } : {}) });
      expect(response.statusCode).toBe(200);
      return (response.json() as { sortFields: string[] }).sortFields;
    };
    expect(await offered('Tyre/SearchParameters', shop.tokens.VIC)).toEqual(['Name', 'Price', 'Availability']);
    expect(await offered('TyrePublic/SearchParameters')).toEqual(['Name']);
  });
});
