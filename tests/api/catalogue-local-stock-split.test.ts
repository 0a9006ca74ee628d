import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { productStock } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { signedInCustomer } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * 'In stock · 108' read as local when the account's own warehouse holds 9 misleads, so every trade answer
 * carries the local figure (the warehouse of the account's state) beside the own-warehouse total.
 */
describe('trade answers split local stock from the rest', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;
  const tokens: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCatalogueFixture(t.database.db, NOW);
    // T1: 10 in Melbourne (fixture), 99 more in Sydney and Perth, 40 supplier stock.
    await t.database.db.insert(productStock).values([
      { productId: fixture.tyres.t1, warehouseId: fixture.warehouses.SYDNEY as number, quantity: 90 },
      { productId: fixture.tyres.t1, warehouseId: fixture.warehouses.PERTH as number, quantity: 9 },
    ]);
    for (const state of ['VIC', 'TAS', 'NSW', 'QLD'] as const) {
      tokens[state.toLowerCase()] = await signedInCustomer(t.app, t.database.db, { state, priceDisplay: 'Trade' });
    }
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const t1For = async (who: string) => {
    const response = await t.app.inject({ method: 'POST', url: api('Tyre/Search'), headers: tokens[who], payload: {} });
    expect(response.statusCode).toBe(200);
    const found = (response.json() as TradeTyreResults).items.find((item) => item.sku === 'T1');
    if (!found) throw new Error('T1 not in the answer');
    return found;
  };

  it('gives the home warehouse figure as localStockQuantity and the own-warehouse total as stockQuantity', async () => {
    expect(await t1For('vic')).toMatchObject({ stockType: 'Local', stockQuantity: 109, localStockQuantity: 10 });
    // Tasmania is served from Victoria.
    expect(await t1For('tas')).toMatchObject({ stockType: 'Local', stockQuantity: 109, localStockQuantity: 10 });
    expect(await t1For('nsw')).toMatchObject({ stockType: 'Local', stockQuantity: 109, localStockQuantity: 90 });
    expect(await t1For('qld')).toMatchObject({ stockType: 'Interstate', stockQuantity: 109, localStockQuantity: 0 });
  });

  it('gives cart lines the same split, for the understock highlight', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: api('Cart/Add'),
      headers: tokens.vic,
      payload: { productId: fixture.tyres.t1, quantity: 12 },
    });
    expect(added.statusCode).toBe(200);
    const line = (added.json() as CartState).items.find((item) => item.sku === 'T1');
    expect(line?.stock).toMatchObject({ stockType: 'Local', stockQuantity: 109, localStockQuantity: 10 });
  });
});
