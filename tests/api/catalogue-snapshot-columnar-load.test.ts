import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPromotions, productStock, products, tyres, wheels } from '../../src/server/db/schema';
import type { CatalogueSnapshot } from '../../src/server/modules/catalogue/catalogue-snapshot';
import { loadCatalogueSnapshot } from '../../src/server/modules/catalogue/catalogue-snapshot-load';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { type TestDatabase, createTestDatabase } from '../support/test-database';

const NOW = new Date('2026-11-22T02:00:00Z');
const SMALL = { tyres: 150, wheels: 60, merchandise: 20 };
/** Far fewer ids per query than products, so rows fall on both sides of many range boundaries. */
const IDS_PER_QUERY = 17;

const byName = <T extends { name: string; id: number }>(a: T, b: T) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;

describe('the catalogue snapshot read as columns, range by range', () => {
  let database: TestDatabase;
  let snapshot: CatalogueSnapshot;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { now: NOW, catalogueSize: SMALL });
    const [first, second] = await database.db
      .select({ id: products.id })
      .from(tyres)
      .innerJoin(products, eq(products.id, tyres.productId))
      .orderBy(asc(products.id))
      .limit(2);
    // Text JSON must carry exactly, and an unpublished tyre stays out.
    await database.db
      .update(products)
      .set({ name: 'Ünïcode "quoted" \\ back\\slash\ttab', description: 'line one\nline two' })
      .where(eq(products.id, first?.id ?? 0));
    await database.db
      .update(products)
      .set({ published: false })
      .where(eq(products.id, second?.id ?? 0));
    snapshot = await loadCatalogueSnapshot(database.db, IDS_PER_QUERY);
  }, 60_000);
  afterAll(() => database.dispose());

  /** The fields every record takes from its product row, as the old row-by-row load built them. */
  const productFieldsOf = (p: typeof products.$inferSelect) => ({
    id: p.id,
    sku: p.sku,
    slug: p.slug,
    name: p.name,
    brand: p.brand,
    description: p.description,
    imageUrl: p.imageUrl,
    rrpCents: p.rrpCents,
    tradeCents: p.tradeCents,
    text: `${p.name} ${p.sku}`.toLowerCase(),
  });

  it('holds every published tyre exactly as SQL has it, in name order', async () => {
    const rows = await database.db
      .select({ product: products, tyre: tyres })
      .from(tyres)
      .innerJoin(products, eq(products.id, tyres.productId))
      .where(eq(products.published, true));
    const expected = rows
      .map(({ product: p, tyre: t }) => ({
        ...productFieldsOf(p),
        pattern: t.pattern,
        sizePrefix: t.sizePrefix,
        width: t.width,
        profile: t.profile,
        diameter: t.diameter,
        loadRating: t.loadRating,
        speedRating: t.speedRating,
        category: t.category,
        season: t.season,
        runFlat: t.runFlat,
        extraLoad: t.extraLoad,
      }))
      .sort(byName);
    expect(expected.length).toBe(SMALL.tyres - 1);
    expect(expected.some((tyre) => tyre.name.includes('"quoted"'))).toBe(true);
    expect(snapshot.tyres.items).toEqual(expected);
  });

  it('holds every published wheel exactly as SQL has it, in name order', async () => {
    const rows = await database.db
      .select({ product: products, wheel: wheels })
      .from(wheels)
      .innerJoin(products, eq(products.id, wheels.productId))
      .where(eq(products.published, true));
    const expected = rows
      .map(({ product: p, wheel: w }) => ({
        ...productFieldsOf(p),
        design: w.design,
        colour: w.colour,
        performance: w.performance,
        size: w.size,
        width: Number(w.width),
        pcds: w.pcds,
        offset: w.offset,
        centreBore: Number(w.centreBore),
        seat: w.seat,
        spokes: w.spokes,
      }))
      .sort(byName);
    expect(expected.length).toBe(SMALL.wheels);
    expect(snapshot.wheels.items).toEqual(expected);
  });

  it('holds every stock row and promotion link of the loaded products', async () => {
    const ids = [...snapshot.tyres.items, ...snapshot.wheels.items].map((item) => item.id);
    const stock = await database.db.select().from(productStock).where(inArray(productStock.productId, ids));
    expect(stock.length).toBeGreaterThan(0);
    let held = 0;
    for (const table of [snapshot.tyres, snapshot.wheels]) {
      held += Array.from(table.quantity).filter((quantity, at) => quantity !== 0 || table.onOrder[at] !== 0).length;
    }
    expect(held).toBe(stock.filter((row) => row.quantity !== 0 || row.onOrderQuantity !== 0).length);
    for (const row of stock) {
      const table = snapshot.tyres.slotOf.has(row.productId) ? snapshot.tyres : snapshot.wheels;
      const at =
        (table.slotOf.get(row.productId) as number) * table.warehouseCount +
        (snapshot.warehouseSlot.get(row.warehouseId) as number);
      expect([table.quantity[at], table.onOrder[at]]).toEqual([row.quantity, row.onOrderQuantity]);
    }

    const links = await database.db
      .select()
      .from(productPromotions)
      .where(inArray(productPromotions.productId, ids))
      .orderBy(asc(productPromotions.promotionId));
    expect(links.length).toBeGreaterThan(0);
    for (const table of [snapshot.tyres, snapshot.wheels]) {
      table.items.forEach((item, slot) => {
        expect(table.promotionIds[slot]).toEqual(
          links.filter((link) => link.productId === item.id).map((link) => link.promotionId),
        );
      });
    }
  });

  it('reads the same snapshot whatever the size of its id ranges', async () => {
    const whole = await loadCatalogueSnapshot(database.db);
    expect(whole.tyres.items).toEqual(snapshot.tyres.items);
    expect(whole.wheels.items).toEqual(snapshot.wheels.items);
    expect(whole.merchandise.items).toEqual(snapshot.merchandise.items);
    expect(Array.from(whole.tyres.quantity)).toEqual(Array.from(snapshot.tyres.quantity));
    expect(whole.tyres.promotionIds).toEqual(snapshot.tyres.promotionIds);
  });
});
