import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { buildApp } from '../../src/server/app';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/client';
import { setWarehouseStock } from '../../src/server/modules/catalogue/stock-service';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp, testConfig } from '../support/test-app';
import { eventually } from '../support/eventually';

const NOW = new Date('2026-11-22T02:00:00Z');

/** A second connection to the same database, as a second instance of the shop would have. */
function secondHandle(first: DatabaseHandle): { handle: DatabaseHandle; close: () => Promise<void> } {
  if (first.kind === 'pglite') {
    return { handle: openPglite((first.db as unknown as { $client: PGlite }).$client), close: async () => undefined };
  }
  const pool = (first.db as unknown as { $client: pg.Pool }).$client;
  const handle = openPostgres(pool.options.connectionString as string);
  return { handle, close: () => handle.close() };
}

describe('the in-memory catalogue follows writes, on this instance and on the others', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let closeOther: () => Promise<void>;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCatalogueFixture(t.database.db, NOW);
    const customer = await createCustomer(t.database.db, { state: 'WA' });
    headers = bearer(await signIn(t.app, customer.email));
    await t.app.catalogue.reload();
    const second = secondHandle(t.database);
    closeOther = second.close;
    other = await buildApp(testConfig(), { database: second.handle, now: () => NOW });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await closeOther();
    await t.close();
  });

  const t5 = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'POST', url: api('Tyre/Search'), headers, payload: { search: 'T5' } });
    expect(response.statusCode).toBe(200);
    return (response.json() as TradeTyreResults).items[0];
  };

  it('a stock write shows at once here and, through NOTIFY, on the other instance', async () => {
    expect(await t5(t.app)).toMatchObject({ stockType: 'None', stockQuantity: 0 });
    expect(await t5(other)).toMatchObject({ stockType: 'None' });

    await setWarehouseStock(t.database.db, t.app.catalogue, [
      { productId: fixture.tyres.t5, warehouseId: fixture.warehouses.PERTH as number, quantity: 12 },
    ]);
    expect(await t5(t.app)).toMatchObject({ stockType: 'Local', stockQuantity: 12 });
    await eventually(async () => (await t5(other))?.stockType === 'Local');

    await setWarehouseStock(t.database.db, t.app.catalogue, [
      { productId: fixture.tyres.t5, warehouseId: fixture.warehouses.PERTH as number, quantity: 0 },
      { productId: fixture.tyres.t5, warehouseId: fixture.warehouses.SYDNEY as number, quantity: 3 },
    ]);
    expect(await t5(t.app)).toMatchObject({ stockType: 'Interstate', stockQuantity: 3 });
    await eventually(async () => (await t5(other))?.stockQuantity === 3);
  });

  it('a reload picks up products added in SQL', async () => {
    const before = (await t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload: {} })).json() as {
      totalCount: number;
    };
    await t.app.catalogue.reload();
    const after = (await t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload: {} })).json() as {
      totalCount: number;
    };
    expect(after.totalCount).toBe(before.totalCount);
  });
});
