import type { Database } from '../../src/server/db/client';
import {
  accountDiscountTiers,
  discountTierRates,
  discountTiers,
  merchandise,
  merchandiseCategories,
  productPromotions,
  productStock,
  products,
  promotions,
  tyres,
  vehicleMakes,
  vehicleTyreSizes,
  vehicles,
  warehouses,
  wheels,
} from '../../src/server/db/schema';
import { catalogueImageUrl } from '../../src/server/integrations/images/catalogue-image-urls';
import { type AccountValues, signedInCustomer } from './fixtures';
import type { TestApp } from './test-app';

const DAY = 86_400_000;

type ProductValues = Omit<typeof products.$inferInsert, 'kind' | 'slug' | 'imageUrl' | 'description'>;
type TyreValues = Omit<typeof tyres.$inferInsert, 'productId'>;
type WheelValues = Omit<typeof wheels.$inferInsert, 'productId'>;

const slugOf = (sku: string) => sku.toLowerCase();

/**
 * A small hand-made catalogue whose every price, stock level and promotion is known, so tests can assert exact answers:
 * five tyres, three wheels, four merchandise items, own warehouses in NSW, VIC, QLD, SA and WA plus supplier stock,
 * one active and one expired promotion, a 10% Alpha discount on the Gold tier, and two vehicles.
 */
export async function createCatalogueFixture(db: Database, now: Date) {
  const w = Object.fromEntries(
    (
      await db
        .insert(warehouses)
        .values([
          { name: 'SYDNEY', kind: 'own', state: 'NSW', sortOrder: 0 },
          { name: 'MELBOURNE', kind: 'own', state: 'VIC', sortOrder: 1 },
          { name: 'BRISBANE', kind: 'own', state: 'QLD', sortOrder: 2 },
          { name: 'ADELAIDE', kind: 'own', state: 'SA', sortOrder: 3 },
          { name: 'PERTH', kind: 'own', state: 'WA', sortOrder: 4 },
          { name: 'SUPPLIER STOCK', kind: 'supplier', state: null, sortOrder: 10 },
        ])
        .returning()
    ).map((row) => [row.name, row.id]),
  ) as Record<string, number>;

  const tyre = async (product: ProductValues, details: TyreValues) => {
    const [row] = await db
      .insert(products)
      .values({
        ...product,
        kind: 'Tyre',
        slug: slugOf(product.sku),
        imageUrl: catalogueImageUrl({ kind: 'tyre', category: 'passenger', pattern: 'fixture' }),
      })
      .returning();
    if (!row) throw new Error('tyre not created');
    await db.insert(tyres).values({ ...details, productId: row.id });
    return row.id;
  };
  const base = { sizePrefix: null, category: 'Passenger', season: 'Summer', runFlat: false, extraLoad: false };
  const t1 = await tyre(
    { sku: 'T1', name: 'Alpha Road One 265/65R17 112H', brand: 'Alpha', rrpCents: 30_000, tradeCents: 20_000 },
    {
      ...base,
      pattern: 'Road One',
      width: 265,
      profile: 65,
      diameter: 17,
      loadRating: '112',
      speedRating: 'H',
      category: '4WD',
    },
  );
  const t2 = await tyre(
    { sku: 'T2', name: 'Alpha Road One 265/70R16 112T', brand: 'Alpha', rrpCents: 25_000, tradeCents: 18_000 },
    {
      ...base,
      pattern: 'Road One',
      width: 265,
      profile: 70,
      diameter: 16,
      loadRating: '112',
      speedRating: 'T',
      category: '4WD',
    },
  );
  const t3 = await tyre(
    { sku: 'T3', name: 'Bravo Trail 265/65R17 116S XL', brand: 'Bravo', rrpCents: 35_000, tradeCents: 15_000 },
    {
      ...base,
      pattern: 'Trail',
      width: 265,
      profile: 65,
      diameter: 17,
      loadRating: '116',
      speedRating: 'S',
      category: '4WD',
      extraLoad: true,
    },
  );
  const t4 = await tyre(
    { sku: 'T4', name: 'Bravo Sport 225/45R17 94W RunFlat', brand: 'Bravo', rrpCents: 28_000, tradeCents: 21_000 },
    {
      ...base,
      pattern: 'Sport',
      width: 225,
      profile: 45,
      diameter: 17,
      loadRating: '94',
      speedRating: 'W',
      category: 'Performance',
      runFlat: true,
    },
  );
  const t5 = await tyre(
    { sku: 'T5', name: 'Charlie Eco 205/55R16 91V', brand: 'Charlie', rrpCents: 15_000, tradeCents: 10_000 },
    {
      ...base,
      pattern: 'Eco',
      width: 205,
      profile: 55,
      diameter: 16,
      loadRating: '91',
      speedRating: 'V',
      season: 'All Season',
    },
  );

  const wheel = async (product: ProductValues, details: WheelValues) => {
    const [row] = await db
      .insert(products)
      .values({
        ...product,
        kind: 'Wheel',
        slug: slugOf(product.sku),
        imageUrl: catalogueImageUrl({ kind: 'wheel', spokes: details.spokes, colour: 'silver', design: 'fixture' }),
      })
      .returning();
    if (!row) throw new Error('wheel not created');
    await db.insert(wheels).values({ ...details, productId: row.id });
    return row.id;
  };
  const w1 = await wheel(
    {
      sku: 'W1',
      name: 'Delta Six 17x8.5 6x139.7 +10 Gloss Black',
      brand: 'Delta',
      rrpCents: 40_000,
      tradeCents: 28_000,
    },
    {
      design: 'Six',
      colour: 'Gloss Black',
      performance: '4WD',
      size: 17,
      width: 8.5,
      pcds: ['6x139.7'],
      offset: 10,
      centreBore: 106.1,
      seat: 'Conical',
      spokes: 6,
    },
  );
  const w2 = await wheel(
    {
      sku: 'W2',
      name: 'Delta Five 18x8 5x100/5x114.3 +40 Silver',
      brand: 'Delta',
      rrpCents: 35_000,
      tradeCents: 25_000,
    },
    {
      design: 'Five',
      colour: 'Silver',
      performance: 'Street',
      size: 18,
      width: 8,
      pcds: ['5x100', '5x114.3'],
      offset: 40,
      centreBore: 73.1,
      seat: 'Conical',
      spokes: 5,
    },
  );
  const w3 = await wheel(
    { sku: 'W3', name: 'Echo Rock 17x8 6x139.7 -12 Bronze', brand: 'Echo', rrpCents: 45_000, tradeCents: 30_000 },
    {
      design: 'Rock',
      colour: 'Bronze',
      performance: '4WD',
      size: 17,
      width: 8,
      pcds: ['6x139.7'],
      offset: -12,
      centreBore: 106.1,
      seat: 'Conical',
      spokes: 8,
    },
  );

  const [accessories] = await db
    .insert(merchandiseCategories)
    .values({ name: 'Wheel Accessories', slug: 'wheel-accessories', sortOrder: 0 })
    .returning();
  const [apparel] = await db
    .insert(merchandiseCategories)
    .values({ name: 'Apparel', slug: 'apparel', sortOrder: 1 })
    .returning();
  if (!accessories || !apparel) throw new Error('categories not created');
  const [nuts, rings, caps] = await db
    .insert(merchandiseCategories)
    .values([
      { name: 'Wheel Nuts', slug: 'wheel-nuts', parentId: accessories.id, sortOrder: 0 },
      { name: 'Hub Rings', slug: 'hub-rings', parentId: accessories.id, sortOrder: 1 },
      { name: 'Caps', slug: 'caps', parentId: apparel.id, sortOrder: 0 },
    ])
    .returning();
  if (!nuts || !rings || !caps) throw new Error('subcategories not created');
  const item = async (product: ProductValues, categoryId: number, specs: Record<string, string> = {}) => {
    const [row] = await db
      .insert(products)
      .values({
        ...product,
        kind: 'Merchandise',
        slug: slugOf(product.sku),
        imageUrl: catalogueImageUrl({ kind: 'merchandise', subcategory: 'fixture' }),
      })
      .returning();
    if (!row) throw new Error('item not created');
    await db.insert(merchandise).values({ productId: row.id, categoryId, specs });
    return row.id;
  };
  const m1 = await item(
    { sku: 'M1', name: 'Gorilla Conical Nut M12x1.5', brand: 'Gorilla', rrpCents: 300, tradeCents: 200 },
    nuts.id,
    { thread: 'M12x1.5', seat: 'Conical' },
  );
  const m2 = await item(
    { sku: 'M2', name: 'Gorilla Conical Nut M14x1.5', brand: 'Gorilla', rrpCents: 350, tradeCents: 250 },
    nuts.id,
    { thread: 'M14x1.5', seat: 'Conical' },
  );
  const m3 = await item(
    { sku: 'M3', name: 'YHI Hub Ring 106.1-93.1', brand: 'YHI', rrpCents: 2_000, tradeCents: 1_200 },
    rings.id,
    { outerBore: '106.1', innerBore: '93.1' },
  );
  const m4 = await item(
    { sku: 'M4', name: 'YHI Trucker Cap Black', brand: 'YHI', rrpCents: 2_500, tradeCents: 1_500 },
    caps.id,
  );

  await db.insert(productStock).values([
    { productId: t1, warehouseId: w.MELBOURNE as number, quantity: 10 },
    { productId: t1, warehouseId: w['SUPPLIER STOCK'] as number, quantity: 40 },
    { productId: t2, warehouseId: w['SUPPLIER STOCK'] as number, quantity: 50 },
    { productId: t3, warehouseId: w.SYDNEY as number, quantity: 0, onOrderQuantity: 5 },
    { productId: t4, warehouseId: w.SYDNEY as number, quantity: 4 },
    { productId: w1, warehouseId: w.BRISBANE as number, quantity: 8 },
    { productId: m1, warehouseId: w.MELBOURNE as number, quantity: 500 },
  ]);

  const [cashback, expired] = await db
    .insert(promotions)
    .values([
      {
        kind: 'CashBack4',
        label: '$100 cashback on a set of 4',
        cashbackCents: 10_000,
        startsAt: new Date(now.getTime() - DAY),
        endsAt: new Date(now.getTime() + 30 * DAY),
      },
      {
        kind: 'BuyXGetYFree',
        label: 'Buy 3 get 1 free',
        buyQuantity: 3,
        freeQuantity: 1,
        startsAt: new Date(now.getTime() - 30 * DAY),
        endsAt: new Date(now.getTime() - DAY),
      },
    ])
    .returning();
  if (!cashback || !expired) throw new Error('promotions not created');
  await db.insert(productPromotions).values([
    { productId: t1, promotionId: cashback.id },
    { productId: t4, promotionId: expired.id },
  ]);

  const [gold] = await db.insert(discountTiers).values({ name: 'Gold' }).returning();
  if (!gold) throw new Error('tier not created');
  await db.insert(discountTierRates).values([{ tierId: gold.id, brand: 'Alpha', discountBasisPoints: 1_000 }]);

  const [toyota] = await db.insert(vehicleMakes).values({ name: 'Toyota' }).returning();
  const [ford] = await db.insert(vehicleMakes).values({ name: 'Ford' }).returning();
  if (!toyota || !ford) throw new Error('makes not created');
  const [hilux] = await db
    .insert(vehicles)
    .values({
      makeId: toyota.id,
      model: 'HiLux',
      series: 'N80 SR5 4x4',
      yearFrom: 2015,
      yearTo: null,
      pcd: '6x139.7',
      centreBore: 106.1,
      thread: 'M12x1.5',
      fastener: 'Nut',
      offsetMin: -25,
      offsetMax: 30,
      diameterMin: 16,
      diameterMax: 20,
      widthMin: 7,
      widthMax: 9,
      hasTpms: false,
    })
    .returning();
  const [mustang] = await db
    .insert(vehicles)
    .values({
      makeId: ford.id,
      model: 'Mustang',
      series: 'S550 GT',
      yearFrom: 2015,
      yearTo: 2023,
      pcd: '5x114.3',
      centreBore: 70.5,
      thread: 'M14x1.5',
      fastener: 'Nut',
      offsetMin: 35,
      offsetMax: 50,
      diameterMin: 18,
      diameterMax: 20,
      widthMin: 8.5,
      widthMax: 10,
      hasTpms: true,
    })
    .returning();
  if (!hilux || !mustang) throw new Error('vehicles not created');
  await db.insert(vehicleTyreSizes).values([
    { vehicleId: hilux.id, width: 265, profile: 65, diameter: 17, isOriginal: true, sortOrder: 0 },
    { vehicleId: hilux.id, width: 265, profile: 60, diameter: 18, isOriginal: false, sortOrder: 1 },
    {
      vehicleId: mustang.id,
      width: 255,
      profile: 40,
      diameter: 19,
      rearWidth: 275,
      rearProfile: 40,
      rearDiameter: 19,
      isOriginal: true,
      sortOrder: 0,
    },
  ]);

  return {
    warehouses: w,
    tyres: { t1, t2, t3, t4, t5 },
    wheels: { w1, w2, w3 },
    merchandise: { m1, m2, m3, m4 },
    promotions: { cashback: cashback.id, expired: expired.id },
    goldTierId: gold.id,
    makes: { toyota: toyota.id, ford: ford.id },
    vehicles: { hilux: hilux.id, mustang: mustang.id },
  };
}

/** The catalogue fixture, loaded into the app's read model, with a customer of `account` signed in: its headers. */
export async function createSignedInCatalogue(t: TestApp, now: Date, account: AccountValues) {
  const fixture = await createCatalogueFixture(t.database.db, now);
  const headers = await signedInCustomer(t.app, t.database.db, account);
  await t.app.catalogue.reload();
  return { fixture, headers };
}

export async function assignDiscountTier(db: Database, accountId: number, tierId: number): Promise<void> {
  await db.insert(accountDiscountTiers).values({ accountId, tierId });
}
