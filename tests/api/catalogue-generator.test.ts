import { asc, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicTyreResults } from '../../src/contract/catalogue-tyres';
import {
  accountDiscountTiers,
  accounts,
  productStock,
  products,
  tyres,
  vehicleMakes,
  vehicleTyreSizes,
  vehicles,
  warehouses,
  wheels,
} from '../../src/server/db/schema';
import { catalogueSizeForScale } from '../../src/server/seed/demo-catalogue-rows';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const SMALL = { tyres: 120, wheels: 40, merchandise: 30 };

describe('the demo catalogue generator', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await seedDemoData(t.database.db, { now: NOW, catalogueSize: SMALL });
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  it('makes the asked number of products, with their details', async () => {
    const kinds = await db()
      .select({ kind: products.kind, n: count() })
      .from(products)
      .groupBy(products.kind)
      .orderBy(asc(products.kind));
    expect(kinds).toEqual([
      { kind: 'Merchandise', n: 30 },
      { kind: 'Tyre', n: 120 },
      { kind: 'Wheel', n: 40 },
    ]);
    expect((await db().select({ n: count() }).from(tyres))[0]?.n).toBe(120);
    expect((await db().select({ n: count() }).from(wheels))[0]?.n).toBe(40);
  });

  it('has one own warehouse per mainland state and the three supplier kinds', async () => {
    const rows = await db().select().from(warehouses).orderBy(asc(warehouses.sortOrder));
    expect(rows.filter((w) => w.kind === 'own').map((w) => w.state)).toEqual(['NSW', 'VIC', 'QLD', 'SA', 'WA']);
    expect(rows.filter((w) => w.kind === 'supplier').map((w) => w.name)).toEqual([
      'WEST COAST STOCK',
      'EAST COAST STOCK',
      'SUPPLIER STOCK',
    ]);
    expect((await db().select({ n: count() }).from(productStock))[0]?.n).toBeGreaterThan(100);
  });

  it('gives every account a discount tier and prices below RRP', async () => {
    const untiered = await db()
      .select({ id: accounts.id })
      .from(accounts)
      .leftJoin(accountDiscountTiers, eq(accountDiscountTiers.accountId, accounts.id))
      .where(isNull(accountDiscountTiers.tierId));
    expect(untiered).toEqual([]);
    const prices = await db().select({ rrp: products.rrpCents, trade: products.tradeCents }).from(products);
    expect(prices.every((p) => p.trade > 0 && p.trade < p.rrp)).toBe(true);
  });

  it('includes Australian vehicles with their fitments, the HiLux on 265/65R17 among them', async () => {
    const hilux = await db()
      .select({
        series: vehicles.series,
        pcd: vehicles.pcd,
        width: vehicleTyreSizes.width,
        profile: vehicleTyreSizes.profile,
        diameter: vehicleTyreSizes.diameter,
      })
      .from(vehicles)
      .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicles.makeId))
      .innerJoin(vehicleTyreSizes, eq(vehicleTyreSizes.vehicleId, vehicles.id))
      .where(eq(vehicles.model, 'HiLux'));
    expect(hilux).toContainEqual({ series: 'N80 SR5 4x4', pcd: '6x139.7', width: 265, profile: 65, diameter: 17 });
  });

  it('is deterministic: seeding again gives the same catalogue', async () => {
    const snapshot = async () =>
      db()
        .select({ sku: products.sku, name: products.name, rrp: products.rrpCents, trade: products.tradeCents })
        .from(products)
        .orderBy(asc(products.sku));
    const first = await snapshot();
    await seedDemoData(db(), { now: NOW, catalogueSize: SMALL });
    expect(await snapshot()).toEqual(first);
  });

  it('facet counts add up to the matches, for the generated data', async () => {
    await t.app.catalogue.reload();
    const all = (
      await t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload: {} })
    ).json() as PublicTyreResults;
    expect(all.totalCount).toBe(120);
    for (const facet of ['brands', 'widths', 'diameters', 'categories', 'speedRatings'] as const) {
      expect(all.facets[facet].reduce((sum, entry) => sum + entry.count, 0)).toBe(120);
    }
    const [diameter] = all.facets.diameters;
    if (!diameter) throw new Error('no diameters');
    const narrowed = (
      await t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload: { diameters: [diameter.value] } })
    ).json() as PublicTyreResults;
    expect(narrowed.totalCount).toBe(diameter.count);
    expect(narrowed.facets.widths.reduce((sum, entry) => sum + entry.count, 0)).toBe(diameter.count);
  });

  it('scales wheels with tyres for --scale', () => {
    expect(catalogueSizeForScale(100_000)).toEqual({ tyres: 100_000, wheels: 30_000, merchandise: 200 });
    expect(catalogueSizeForScale(1_000).wheels).toBe(800);
  });
});
