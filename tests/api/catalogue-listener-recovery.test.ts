import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { buildApp } from '../../src/server/app';
import { type DatabaseHandle, openPostgres } from '../../src/server/db/client';
import { setWarehouseStock } from '../../src/server/modules/catalogue/stock-service';
import { productStock } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type PostgresDatabase, createPostgresDatabase } from '../support/postgres-database';
import { api, testConfig } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

interface Readiness {
  status: string;
  catalogue: { listener: string; listenerOutages: number };
}

/** Two instances of the shop on one PostgreSQL, each with its own pool and its own listening connection. */
describe('an instance whose notification connection is cut catches up and says so meanwhile', () => {
  let database: PostgresDatabase;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  let writer: FastifyInstance;
  let reader: FastifyInstance;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    for (let instance = 0; instance < 2; instance += 1) {
      const handle = openPostgres(database.url);
      handles.push(handle);
      const app = await buildApp(testConfig(), { database: handle, now: () => NOW });
      await app.ready();
      apps.push(app);
    }
    [writer, reader] = apps as [FastifyInstance, FastifyInstance];
    fixture = await createCatalogueFixture(writer.database.db, NOW);
    const customer = await createCustomer(writer.database.db, { state: 'WA' });
    headers = bearer(await signIn(writer, customer.email));
    await Promise.all(apps.map((app) => app.catalogue.reload()));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await database?.dispose();
  });

  const t5Stock = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'POST', url: api('Tyre/Search'), headers, payload: { search: 'T5' } });
    expect(response.statusCode).toBe(200);
    return (response.json() as TradeTyreResults).items[0]?.stockQuantity;
  };
  const readiness = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/readyz' })).json() as Readiness;

  it('after pg_terminate_backend of its listener, shows a stock change within 5 s and reports the outage on /readyz', async () => {
    const perth = fixture.warehouses.PERTH as number;
    await setWarehouseStock(writer.database.db, writer.catalogue, [
      { productId: fixture.tyres.t5, warehouseId: perth, quantity: 12 },
    ]);
    await vi.waitFor(async () => expect(await t5Stock(reader)).toBe(12), { timeout: 5_000, interval: 50 });
    expect(await readiness(reader)).toMatchObject({
      status: 'ready',
      catalogue: { listener: 'listening', listenerOutages: 0 },
    });

    const cut = await database.admin((admin) =>
      admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name like 'yhi-listen-%'",
        [new URL(database.url).pathname.slice(1)],
      ),
    );
    expect(cut.rowCount).toBe(2);
    // Written while the listeners are down: their NOTIFY reaches nobody.
    await setWarehouseStock(writer.database.db, writer.catalogue, [
      { productId: fixture.tyres.t5, warehouseId: perth, quantity: 3 },
    ]);

    const seen: Readiness[] = [];
    await vi.waitFor(
      async () => {
        seen.push(await readiness(reader));
        expect(await t5Stock(reader)).toBe(3);
      },
      { timeout: 5_000, interval: 20 },
    );
    await vi.waitFor(async () => expect((await readiness(reader)).catalogue.listener).toBe('listening'), {
      timeout: 10_000,
    });
    const after = await readiness(reader);
    expect(after.catalogue.listenerOutages).toBe(1);
    expect(after.status).toBe('ready');
    expect(seen.some((answer) => answer.catalogue.listenerOutages === 1)).toBe(true);
  });

  it('notices a change it never heard by comparing revisions, and reloads', async () => {
    const perth = fixture.warehouses.PERTH as number;
    // A write whose announcement was lost: the revision moves, no notification arrives.
    await writer.database.db
      .update(productStock)
      .set({ quantity: 7 })
      .where(and(eq(productStock.productId, fixture.tyres.t5), eq(productStock.warehouseId, perth)));
    await writer.database.db.execute(sql`select nextval('catalogue_revision')`);
    const stale = await t5Stock(reader);
    expect(stale).not.toBe(7);

    // The first comparison may be ahead of a notification on its way; the second finds it still unheard. (The
    // periodic comparison may run in between too; either way, two comparisons after the write are enough.)
    await reader.catalogue.reconcile();
    await reader.catalogue.reconcile();
    expect(await t5Stock(reader)).toBe(7);
  });
});
