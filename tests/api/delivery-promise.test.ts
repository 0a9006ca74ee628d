import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { FRIDAY_MORNING, createDeliveryCatalogue } from '../support/delivery-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import type { FileImporter } from '../support/import-file';
import { type TestApp, api, createTestApp } from '../support/test-app';

/** The stock of createDeliveryCatalogue: T1 local to VIC, T4 to NSW, T2 at the supplier, T3 inbound, T5 none. */
describe('the delivery promise on search results, quick order candidates and cart lines', () => {
  let t: TestApp;
  let importFile: FileImporter;
  const emails: Record<string, string> = {};
  const tokens: Record<string, Record<string, string>> = {};

  /** Sets the shop's clock and signs in again, as a customer would after hours away. */
  const at = async (now: Date) => {
    t.clock.now = now;
    for (const [state, email] of Object.entries(emails)) tokens[state] = bearer(await signIn(t.app, email));
  };

  beforeAll(async () => {
    t = await createTestApp({ now: FRIDAY_MORNING });
    importFile = await createDeliveryCatalogue(t, FRIDAY_MORNING);
    for (const state of ['VIC', 'NSW'] as const) {
      emails[state] = (await createCustomer(t.database.db, { state, priceDisplay: 'Trade' })).email;
    }
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
  });

  const promises = async (state: 'VIC' | 'NSW') => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Tyre/Search'),
      headers: tokens[state],
      payload: { pageSize: 50 },
    });
    expect(response.statusCode).toBe(200);
    const results = response.json() as TradeTyreResults;
    return Object.fromEntries(results.items.map((item) => [item.sku, item.delivery]));
  };

  it('promises local pick-up today, interstate and supplier stock after transit, inbound stock on its date', async () => {
    await at(FRIDAY_MORNING);
    expect(await promises('VIC')).toEqual({
      T1: { text: 'today (pick-up)', date: '2026-11-27' },
      T2: { text: 'Thu 3 Dec', date: '2026-12-03' },
      T3: { text: 'on order, expected 15 Dec', date: '2026-12-15' },
      T4: { text: 'Tue 1 Dec', date: '2026-12-01' },
      T5: { text: 'not available', date: null },
    });
    expect(await promises('NSW')).toMatchObject({
      T3: { text: 'on order, expected 12 Dec', date: '2026-12-12' },
      T4: { text: 'today (pick-up)', date: '2026-11-27' },
    });
  });

  it('moves to the next business day after the cut-off and over the weekend', async () => {
    await at(new Date('2026-11-27T04:00:00Z')); // Friday 15:00
    expect(await promises('VIC')).toMatchObject({
      T1: { text: 'Mon 30 Nov', date: '2026-11-30' },
      T4: { text: 'Wed 2 Dec', date: '2026-12-02' },
    });
    await at(new Date('2026-11-27T23:00:00Z')); // Saturday 10:00
    expect(await promises('VIC')).toMatchObject({ T1: { text: 'Mon 30 Nov', date: '2026-11-30' } });
  });

  it('promises a cart line its whole quantity and a quick order candidate one', async () => {
    await at(FRIDAY_MORNING);
    const add = async (quantity: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: api('Cart/Add'),
        headers: tokens.VIC,
        payload: { productId: await productIdOf('T1'), quantity },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as CartState).items.find((item) => item.sku === 'T1')?.delivery;
    };
    expect(await add(4)).toEqual({ text: 'today (pick-up)', date: '2026-11-27' });
    // The line grows to 14: ten from Melbourne, the other four from the supplier.
    expect(await add(10)).toEqual({ text: 'Thu 3 Dec', date: '2026-12-03' });

    const quick = await t.app.inject({
      method: 'POST',
      url: api('Cart/QuickAdd'),
      headers: tokens.VIC,
      payload: { lines: [{ query: 'T4', quantity: 1 }] },
    });
    expect(quick.statusCode).toBe(200);
    expect(quick.json()).toMatchObject({
      lines: [{ status: 'Added', product: { sku: 'T4', delivery: { text: 'Tue 1 Dec', date: '2026-12-01' } } }],
    });
  });

  async function productIdOf(sku: string): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Tyre/Search'),
      headers: tokens.VIC,
      payload: { search: sku },
    });
    const found = (response.json() as TradeTyreResults).items.find((item) => item.sku === sku);
    if (!found) throw new Error(`${sku} not found`);
    return found.id;
  }
});
