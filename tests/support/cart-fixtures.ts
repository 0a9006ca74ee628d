import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import {
  discountCodes,
  merchandise,
  merchandiseCategories,
  productPromotions,
  productStock,
  products,
  promotions,
  vehicleMakes,
  vehicles,
} from '../../src/server/db/schema';
import { catalogueImageUrl } from '../../src/server/integrations/images/catalogue-image-urls';
import { createCatalogueFixture } from './catalogue-fixtures';

const DAY = 86_400_000;

/**
 * The catalogue fixture plus what the cart's accessory step reads: locks, TPMS sensors and valves (one of each
 * out of stock), stock for the hub ring, a Ford Ranger whose smaller hub needs rings and TPMS, an active
 * buy-3-get-1-free on T5, and the discount codes SAVE10 (10%) and OLD5 (expired).
 */
export async function createCartFixture(db: Database, now: Date) {
  const catalogue = await createCatalogueFixture(db, now);
  const [parent] = await db
    .select()
    .from(merchandiseCategories)
    .where(eq(merchandiseCategories.slug, 'wheel-accessories'));
  if (!parent) throw new Error('wheel accessories category missing');
  const [nuts] = await db.select().from(merchandiseCategories).where(eq(merchandiseCategories.slug, 'wheel-nuts'));
  if (!nuts) throw new Error('wheel nuts category missing');
  const nutsCategory = nuts.id;
  const [locks, tpms, valves] = await db
    .insert(merchandiseCategories)
    .values([
      { name: 'Wheel Locks', slug: 'wheel-locks', parentId: parent.id, sortOrder: 2 },
      { name: 'TPMS Sensors', slug: 'tpms-sensors', parentId: parent.id, sortOrder: 3 },
      { name: 'Valves', slug: 'valves', parentId: parent.id, sortOrder: 4 },
    ])
    .returning();
  if (!locks || !tpms || !valves) throw new Error('accessory subcategories not created');
  const item = async (
    sku: string,
    name: string,
    tradeCents: number,
    categoryId: number,
    specs: Record<string, string>,
  ) => {
    const [row] = await db
      .insert(products)
      .values({
        kind: 'Merchandise',
        sku,
        slug: sku.toLowerCase(),
        name,
        brand: 'YHI',
        rrpCents: tradeCents * 2,
        tradeCents,
        imageUrl: catalogueImageUrl({ kind: 'merchandise', subcategory: 'fixture' }),
      })
      .returning();
    if (!row) throw new Error('accessory not created');
    await db.insert(merchandise).values({ productId: row.id, categoryId, specs });
    return row.id;
  };
  const lock = await item('L1', 'McGard Lock Set M12x1.5 Conical', 6_000, locks.id, {
    thread: 'M12x1.5',
    seat: 'Conical',
  });
  const lockGone = await item('L2', 'McGard Lock Set M12x1.5 Conical Black', 7_000, locks.id, {
    thread: 'M12x1.5',
    seat: 'Conical',
  });
  const sensor = await item('S1', 'Schrader TPMS Sensor 433 MHz Programmable', 5_000, tpms.id, {
    tpmsFrequencyMhz: '433',
  });
  const nutPack = await item('N20', 'Gorilla Conical Nut M12x1.5 (Pack of 20)', 3_000, nutsCategory, {
    thread: 'M12x1.5',
    seat: 'Conical',
    fastener: 'Nut',
    packOf: '20',
  });
  const valveRubber = await item('V1', 'YHI Rubber Valve TR413', 100, valves.id, {});
  const valveAlloy = await item('V2', 'YHI Alloy Valve Black', 400, valves.id, {});
  const valveGone = await item('V3', 'YHI Alloy Valve Chrome', 400, valves.id, {});
  const { warehouses } = catalogue;
  await db.insert(productStock).values([
    { productId: catalogue.merchandise.m3, warehouseId: warehouses.MELBOURNE as number, quantity: 20 },
    { productId: lock, warehouseId: warehouses.SYDNEY as number, quantity: 5 },
    { productId: lockGone, warehouseId: warehouses['SUPPLIER STOCK'] as number, quantity: 50 },
    { productId: sensor, warehouseId: warehouses.MELBOURNE as number, quantity: 40 },
    { productId: nutPack, warehouseId: warehouses.MELBOURNE as number, quantity: 10 },
    { productId: valveRubber, warehouseId: warehouses.MELBOURNE as number, quantity: 100 },
    { productId: valveAlloy, warehouseId: warehouses.PERTH as number, quantity: 100 },
    { productId: valveGone, warehouseId: warehouses.MELBOURNE as number, quantity: 0 },
  ]);
  const [buy3] = await db
    .insert(promotions)
    .values({
      kind: 'BuyXGetYFree',
      label: 'Buy 3 get 1 free',
      buyQuantity: 3,
      freeQuantity: 1,
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + 30 * DAY),
    })
    .returning();
  if (!buy3) throw new Error('promotion not created');
  await db.insert(productPromotions).values({ productId: catalogue.tyres.t5, promotionId: buy3.id });
  const [ford] = await db.select().from(vehicleMakes).where(eq(vehicleMakes.name, 'Ford'));
  if (!ford) throw new Error('Ford missing');
  const [ranger] = await db
    .insert(vehicles)
    .values({
      makeId: ford.id,
      model: 'Ranger',
      series: 'PX3 XLT',
      yearFrom: 2018,
      yearTo: 2022,
      pcd: '6x139.7',
      centreBore: 93.1,
      thread: 'M12x1.5',
      fastener: 'Nut',
      offsetMin: -25,
      offsetMax: 30,
      diameterMin: 16,
      diameterMax: 20,
      widthMin: 7,
      widthMax: 9,
      hasTpms: true,
    })
    .returning();
  if (!ranger) throw new Error('Ranger not created');
  await db.insert(discountCodes).values([
    { code: 'SAVE10', label: '10% off', discountBasisPoints: 1_000 },
    { code: 'OLD5', label: '5% off', discountBasisPoints: 500, endsAt: new Date(now.getTime() - DAY) },
  ]);
  return {
    ...catalogue,
    accessories: { lock, lockGone, nutPack, sensor, valveRubber, valveAlloy, valveGone },
    vehicles: { ...catalogue.vehicles, ranger: ranger.id },
    buy3: buy3.id,
  };
}
