import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { products, tyres } from '../../src/server/db/schema';
import { setWarehouseStock } from '../../src/server/modules/catalogue/stock-service';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const BULK = 1_200;

/**
 * A stock change is announced by its revision alone, so one that names more products than fit in PostgreSQL's 8,000-byte
 * NOTIFY payload commits, and every instance still applies it.
 */
describe('a stock change of 1,200 products', () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  let warehouseId: number;
  let headers: Record<string, string>;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const fixture = await createCatalogueFixture(t.database.db, NOW);
    warehouseId = fixture.warehouses.PERTH as number;
    // Ids as long as a large catalogue's: 1,200 of them no longer fit in one NOTIFY payload.
    await t.database.db.execute(sql`select setval('products_id_seq', 1000000)`);
    const rows = await t.database.db
      .insert(products)
      .values(
        Array.from({ length: BULK }, (_, i) => ({
          kind: 'Tyre' as const,
          sku: `BULK-${i}`,
          slug: `bulk-${i}`,
          name: `Bulk Hauler ${i} 315/80R22.5`,
          brand: 'Bulk',
          imageUrl: '/images/tyres/bulk.svg',
          rrpCents: 50_000,
          tradeCents: 40_000,
        })),
      )
      .returning({ id: products.id });
    ids.push(...rows.map((row) => row.id));
    await t.database.db.insert(tyres).values(
      ids.map((productId) => ({
        productId,
        pattern: 'Hauler',
        sizePrefix: null,
        width: 315,
        profile: 80,
        diameter: 22,
        loadRating: '154',
        speedRating: 'M',
        category: 'Truck',
        season: 'Summer',
      })),
    );
    await t.app.catalogue.reload();
    other = await startSecondInstance(t);
    const customer = await createCustomer(t.database.db, { state: 'WA' });
    headers = bearer(await signIn(t.app, customer.email));
  }, 60_000);
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  /** Stock shown for the first page of the bulk tyres and for the last one created: 9 once the change is applied. */
  const stockShown = async (app: FastifyInstance) => {
    const search = async (text: string) => {
      const response = await app.inject({
        method: 'POST',
        url: api('Tyre/Search'),
        headers,
        payload: { search: text, pageSize: 100 },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as TradeTyreResults).items.map((item) => item.stockQuantity);
    };
    return new Set([...(await search('Bulk Hauler')), ...(await search(`BULK-${BULK - 1}`))]);
  };

  it('commits, and both instances apply it within 5 s without reloading the catalogue', async () => {
    expect(await stockShown(other.app)).toEqual(new Set([0]));
    const reloadsBefore = other.app.catalogue.health().reloads;
    await setWarehouseStock(
      t.database.db,
      t.app.catalogue,
      ids.map((productId) => ({ productId, warehouseId, quantity: 9 })),
    );
    expect(await stockShown(t.app)).toEqual(new Set([9]));
    const deadline = Date.now() + 5_000;
    while (!(await stockShown(other.app)).has(9) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await stockShown(other.app)).toEqual(new Set([9]));
    expect(other.app.catalogue.health().reloads).toBe(reloadsBefore);
  });
});
