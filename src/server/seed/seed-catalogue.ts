import { parseTyreSize } from '../../domain/tyre-size';
import type { Database } from '../db/client';
import {
  accountDiscountTiers,
  accounts,
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
} from '../db/schema';
import { announceCatalogueChange } from '../modules/catalogue/catalogue-changes';
import { catalogueImageUrl } from '../integrations/images/catalogue-image-urls';
import { merchandiseVariants } from './merchandise-variants';
import type { SeededRandom } from './random';
import { daysAfter } from '../dates';
import {
  CATEGORY_WEIGHTS,
  MERCHANDISE_CATEGORIES,
  SPEED_RATINGS_BY_CATEGORY,
  TYRE_BRANDS,
  TYRE_SIZES,
  type TyreBrand,
  type TyreCategory,
  VEHICLES,
  WHEEL_BRANDS,
  WHEEL_COLOURS,
  WHEEL_FITMENTS,
  WHEEL_SIZES,
} from './seed-catalogue-reference';

/** How big a catalogue to generate. DESIGN.md §6: about 2,000 tyres, 800 wheels and 200 merchandise items by default. */
export interface CatalogueSize {
  readonly tyres: number;
  readonly wheels: number;
  readonly merchandise: number;
}

export const DEFAULT_CATALOGUE_SIZE: CatalogueSize = { tyres: 2_000, wheels: 800, merchandise: 200 };

/** `--scale N`: N tyres, wheels at 30% of that (100,000 tyres → 30,000 wheels), never below the default. */
export function catalogueSizeForScale(tyreCount: number): CatalogueSize {
  return {
    tyres: tyreCount,
    wheels: Math.max(DEFAULT_CATALOGUE_SIZE.wheels, Math.round(tyreCount * 0.3)),
    merchandise: DEFAULT_CATALOGUE_SIZE.merchandise,
  };
}

export type CatalogueProgress = (step: string, done: number, total: number) => void;

export const OWN_WAREHOUSES = [
  { name: 'SYDNEY', state: 'NSW' },
  { name: 'MELBOURNE', state: 'VIC' },
  { name: 'BRISBANE', state: 'QLD' },
  { name: 'ADELAIDE', state: 'SA' },
  { name: 'PERTH', state: 'WA' },
] as const;
export const SUPPLIER_WAREHOUSES = ['WEST COAST STOCK', 'EAST COAST STOCK', 'SUPPLIER STOCK'] as const;

const BATCH = 1_000;

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function weighted<T extends { weight: number }>(random: SeededRandom, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = random.next() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1] as T;
}

/** A retail price that ends in .95 or .00, as the trade price lists do. */
function retailCents(dollars: number, random: SeededRandom): number {
  const whole = Math.max(5, Math.round(dollars));
  return random.chance(0.6) ? whole * 100 - 5 : whole * 100;
}

/** Trade is 62–75% of RRP. */
function tradeCents(rrp: number, random: SeededRandom): number {
  return Math.round((rrp * random.int(62, 75)) / 100);
}

/** Load index from the tyre's air volume, fitted to real ratings (205/55R16 → 91, 265/65R17 → 112). */
function loadIndex(width: number, profile: number, diameter: number): number {
  const sidewall = (width * profile) / 100;
  const volume = (width * sidewall * (diameter * 25.4 + sidewall)) / 1_000_000;
  return Math.round(28.1 + 25.3 * Math.log(volume));
}

type Tx = Database;

async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
  progress?: (done: number) => void,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
    progress?.(Math.min(rows.length, start + BATCH));
  }
}

interface GeneratedProduct {
  readonly product: typeof products.$inferInsert;
  readonly promotionKey: string | null;
}

async function insertProducts(
  tx: Tx,
  items: readonly GeneratedProduct[],
  progress: (done: number) => void,
): Promise<number[]> {
  const ids: number[] = [];
  await insertInBatches(
    items,
    async (batch) => {
      const rows = await tx
        .insert(products)
        .values(batch.map((item) => item.product))
        .returning({ id: products.id });
      ids.push(...rows.map((row) => row.id));
    },
    progress,
  );
  return ids;
}

async function seedWarehouses(tx: Tx): Promise<{ id: number; kind: 'own' | 'supplier' }[]> {
  return tx
    .insert(warehouses)
    .values([
      ...OWN_WAREHOUSES.map((w, index) => ({ name: w.name, state: w.state, kind: 'own' as const, sortOrder: index })),
      ...SUPPLIER_WAREHOUSES.map((name, index) => ({
        name,
        kind: 'supplier' as const,
        state: null,
        sortOrder: 10 + index,
      })),
    ])
    .returning({ id: warehouses.id, kind: warehouses.kind });
}

async function seedPromotions(tx: Tx, now: Date): Promise<Map<string, number>> {
  const days = (count: number) => daysAfter(now, count);
  const rows = await tx
    .insert(promotions)
    .values([
      {
        kind: 'CashBack4',
        label: '$100 cashback on a set of 4',
        cashbackCents: 10_000,
        startsAt: days(-10),
        endsAt: days(50),
      },
      {
        kind: 'CashBack4',
        label: '$60 cashback on a set of 4',
        cashbackCents: 6_000,
        startsAt: days(-10),
        endsAt: days(50),
      },
      {
        kind: 'BuyXGetYFree',
        label: 'Buy 3 get 1 free',
        buyQuantity: 3,
        freeQuantity: 1,
        startsAt: days(-5),
        endsAt: days(30),
      },
      {
        kind: 'BuyXGetYFree',
        label: 'Buy 10 get 2 free',
        buyQuantity: 10,
        freeQuantity: 2,
        startsAt: null,
        endsAt: null,
      },
    ])
    .returning({ id: promotions.id, label: promotions.label });
  return new Map(rows.map((row) => [row.label, row.id]));
}

/** Which promotion a pattern or item takes part in: a few named ranges, so labels are easy to find in the demo. */
function tyrePromotion(brand: string, pattern: string): string | null {
  if (brand === 'Michelin' && (pattern.startsWith('Pilot Sport') || pattern.startsWith('LTX')))
    return '$100 cashback on a set of 4';
  if (brand === 'Marshal' && pattern.startsWith('Road Venture')) return '$60 cashback on a set of 4';
  if (brand === 'Kumho' && pattern === 'Solus TA31') return 'Buy 3 get 1 free';
  return null;
}

type TyreItem = GeneratedProduct & { tyre: Omit<typeof tyres.$inferInsert, 'productId'> };

type Price = { rrp: number; trade: number };

/**
 * Names given so far, with their prices, and what is left of the redraw budget. The first draw of an item uses the
 * catalogue's generator; redraws use a generator split from it, so removing a repeat does not shift the products
 * drawn after it. A buyer would not believe two "Michelin Primacy 4 205/55R16 91V" at two prices: a name already
 * taken is drawn again, up to 40 times, within a budget of four redraws per product (at --scale the reference data
 * runs out of names, and then a repeat is kept at the first one's price instead of drawing for ever).
 */
class NameRegister {
  private readonly prices = new Map<string, Price>();
  private redrawsLeft: number;

  constructor(count: number) {
    this.redrawsLeft = count * 4;
  }

  draw<T extends { readonly name: string }>(random: SeededRandom, drawOne: (random: SeededRandom) => T): T {
    let item = drawOne(random);
    const spare = random.split(0x5eed_d00d);
    for (let attempt = 0; this.prices.has(item.name) && attempt < 40 && this.redrawsLeft > 0; attempt += 1) {
      this.redrawsLeft -= 1;
      item = drawOne(spare);
    }
    return item;
  }

  /** The price of a name: its first one when it repeats (the draws are made either way, as above). */
  price(name: string, drawn: Price): Price {
    const first = this.prices.get(name);
    if (first) return first;
    this.prices.set(name, drawn);
    return drawn;
  }
}

function drawTyre(
  random: SeededRandom,
  byCategory: ReadonlyMap<TyreCategory, readonly { brand: TyreBrand; pattern: TyreBrand['patterns'][number] }[]>,
) {
  const { category } = weighted(random, CATEGORY_WEIGHTS);
  const { brand, pattern } = random.pick(byCategory.get(category) ?? []);
  const size = parseTyreSize(weighted(random, TYRE_SIZES[category]).size);
  if (!size || size.profile === null || size.diameter === null) throw new Error('bad reference tyre size');
  const extraLoad = category !== 'Light Truck' && category !== 'Commercial' && random.chance(0.25);
  const runFlat = (category === 'Performance' || category === 'Passenger') && random.chance(0.08);
  const season =
    category === 'Passenger' && random.chance(0.2) ? 'All Season' : random.chance(0.02) ? 'Winter' : 'Summer';
  const base = loadIndex(size.width, size.profile, size.diameter) + (extraLoad ? 4 : 0);
  const loadRating = size.prefix === 'LT' || category === 'Commercial' ? `${base + 7}/${base + 4}` : String(base);
  const speedRating = random.pick(SPEED_RATINGS_BY_CATEGORY[category]);
  const sizeText = `${size.prefix ?? ''}${size.width}/${size.profile}R${size.diameter}`;
  const suffix = [extraLoad ? 'XL' : null, runFlat ? 'RunFlat' : null].filter(Boolean).join(' ');
  const name = `${brand.name} ${pattern.name} ${sizeText} ${loadRating}${speedRating}${suffix ? ` ${suffix}` : ''}`;
  return {
    category,
    brand,
    pattern,
    size: { ...size, profile: size.profile, diameter: size.diameter },
    extraLoad,
    runFlat,
    season,
    loadRating,
    speedRating,
    sizeText,
    name,
  };
}

function generateTyres(random: SeededRandom, count: number): TyreItem[] {
  const patterns = TYRE_BRANDS.flatMap((brand) => brand.patterns.map((pattern) => ({ brand, pattern })));
  const byCategory = new Map<TyreCategory, typeof patterns>();
  for (const entry of patterns) {
    byCategory.set(entry.pattern.category, [...(byCategory.get(entry.pattern.category) ?? []), entry]);
  }
  const items: TyreItem[] = [];
  const names = new NameRegister(count);
  for (let index = 0; index < count; index += 1) {
    const { category, brand, pattern, size, extraLoad, runFlat, season, loadRating, speedRating, sizeText, name } =
      names.draw(random, (r) => drawTyre(r, byCategory));
    const sku = `${brand.code}${String(index + 1).padStart(6, '0')}`;
    const rrp = retailCents(
      (size.width * 0.55 + size.diameter * 9 + (100 - size.profile) * 0.8) * brand.premium * (runFlat ? 1.3 : 1),
      random,
    );
    const price = names.price(name, { rrp, trade: tradeCents(rrp, random) });
    items.push({
      product: {
        kind: 'Tyre',
        sku,
        slug: `${slugify(name)}-${sku.toLowerCase()}`,
        name,
        brand: brand.name,
        description: `${brand.name} ${pattern.name}: a ${category.toLowerCase()} tyre in ${sizeText}.`,
        imageUrl: catalogueImageUrl({
          kind: 'tyre',
          category: slugify(category),
          pattern: slugify(`${brand.name} ${pattern.name}`),
        }),
        rrpCents: price.rrp,
        tradeCents: price.trade,
      },
      promotionKey: tyrePromotion(brand.name, pattern.name),
      tyre: {
        pattern: pattern.name,
        sizePrefix: size.prefix === 'LT' ? 'LT' : null,
        width: size.width,
        profile: size.profile,
        diameter: size.diameter,
        loadRating,
        speedRating,
        category,
        season,
        runFlat,
        extraLoad,
      },
    });
  }
  return items;
}

const DESIGNS = WHEEL_BRANDS.flatMap((brand) => brand.designs.map((design) => ({ brand, design })));

function drawWheel(random: SeededRandom) {
  const { brand, design } = random.pick(DESIGNS);
  const colour = random.pick(WHEEL_COLOURS);
  const fitment = weighted(random, WHEEL_FITMENTS[design.range]);
  const sizing = random.pick(WHEEL_SIZES[design.range]);
  const width = random.pick(sizing.widths);
  const offset = random.pick(sizing.offsets);
  const offsetText = offset >= 0 ? `+${offset}` : String(offset);
  const name = `${brand.name} ${design.name} ${sizing.size}x${width} ${fitment.pcds.join('/')} ${offsetText} ${colour}`;
  return { brand, design, colour, fitment, sizing, width, offset, name };
}

function generateWheels(
  random: SeededRandom,
  count: number,
): (GeneratedProduct & { wheel: Omit<typeof wheels.$inferInsert, 'productId'> })[] {
  const items: (GeneratedProduct & { wheel: Omit<typeof wheels.$inferInsert, 'productId'> })[] = [];
  const names = new NameRegister(count);
  for (let index = 0; index < count; index += 1) {
    const { brand, design, colour, fitment, sizing, width, offset, name } = names.draw(random, drawWheel);
    const sku = `W${brand.code}${String(index + 1).padStart(6, '0')}`;
    const rrp = retailCents((sizing.size * 14 + width * 8) * brand.premium * (colour === 'Chrome' ? 1.25 : 1), random);
    const price = names.price(name, { rrp, trade: tradeCents(rrp, random) });
    items.push({
      product: {
        kind: 'Wheel',
        sku,
        slug: `${slugify(name)}-${sku.toLowerCase()}`,
        name,
        brand: brand.name,
        description: `${brand.name} ${design.name}, ${design.spokes}-spoke ${design.range.toLowerCase()} wheel in ${colour.toLowerCase()}.`,
        imageUrl: catalogueImageUrl({
          kind: 'wheel',
          spokes: design.spokes,
          colour: slugify(colour),
          design: slugify(`${brand.name} ${design.name}`),
        }),
        rrpCents: price.rrp,
        tradeCents: price.trade,
      },
      promotionKey: brand.name === 'King' && design.range === '4WD' ? 'Buy 3 get 1 free' : null,
      wheel: {
        design: design.name,
        colour,
        performance: design.range,
        size: sizing.size,
        width,
        pcds: [...fitment.pcds],
        offset,
        centreBore: fitment.centreBore,
        seat: fitment.seat,
        spokes: design.spokes,
      },
    });
  }
  return items;
}

async function seedMerchandise(
  tx: Tx,
  random: SeededRandom,
  count: number,
  promotionIds: Map<string, number>,
  progress: CatalogueProgress,
) {
  const subcategoryIds = new Map<string, { id: number; slug: string }>();
  for (const [categoryOrder, category] of MERCHANDISE_CATEGORIES.entries()) {
    const [parent] = await tx
      .insert(merchandiseCategories)
      .values({ name: category.name, slug: slugify(category.name), sortOrder: categoryOrder })
      .returning({ id: merchandiseCategories.id });
    if (!parent) throw new Error('category not created');
    for (const [order, sub] of category.subcategories.entries()) {
      const [row] = await tx
        .insert(merchandiseCategories)
        .values({ name: sub.name, slug: slugify(sub.name), parentId: parent.id, sortOrder: order })
        .returning({ id: merchandiseCategories.id });
      if (!row) throw new Error('subcategory not created');
      subcategoryIds.set(sub.name, { id: row.id, slug: slugify(sub.name) });
    }
  }
  const items = merchandiseVariants(random, count).map((variant, index) => {
    const sub = subcategoryIds.get(variant.subcategory);
    if (!sub) throw new Error(`no subcategory ${variant.subcategory}`);
    const sku = `M${String(index + 1).padStart(6, '0')}`;
    return {
      product: {
        kind: 'Merchandise' as const,
        sku,
        slug: `${slugify(variant.name)}-${sku.toLowerCase()}`,
        name: variant.name,
        brand: variant.brand,
        description: `${variant.name}.`,
        imageUrl: catalogueImageUrl({ kind: 'merchandise', subcategory: sub.slug }),
        rrpCents: variant.rrpCents,
        tradeCents: tradeCents(variant.rrpCents, random),
      },
      promotionKey: sub.slug === 'valve-caps' ? 'Buy 10 get 2 free' : null,
      categoryId: sub.id,
      specs: variant.specs,
    };
  });
  const ids = await insertProducts(tx, items, (done) => progress('merchandise', done, count));
  await insertInBatches(
    items.map((item, index) => ({ productId: ids[index] as number, categoryId: item.categoryId, specs: item.specs })),
    (batch) => tx.insert(merchandise).values(batch),
  );
  await linkPromotions(tx, items, ids, promotionIds);
  return ids;
}

async function linkPromotions(
  tx: Tx,
  items: readonly GeneratedProduct[],
  ids: readonly number[],
  promotionIds: Map<string, number>,
) {
  const links = items.flatMap((item, index) => {
    const promotionId = item.promotionKey ? promotionIds.get(item.promotionKey) : undefined;
    return promotionId === undefined ? [] : [{ productId: ids[index] as number, promotionId }];
  });
  await insertInBatches(links, (batch) => tx.insert(productPromotions).values(batch));
}

/**
 * Stock for each product: most lines are held in two or three own warehouses, some only at a supplier,
 * some inbound (OnOrder), a few nowhere.
 */
async function seedStock(
  tx: Tx,
  random: SeededRandom,
  productIds: readonly number[],
  warehouseRows: readonly { id: number; kind: 'own' | 'supplier' }[],
  progress: CatalogueProgress,
) {
  const own = warehouseRows.filter((w) => w.kind === 'own');
  const suppliers = warehouseRows.filter((w) => w.kind === 'supplier');
  const rows: (typeof productStock.$inferInsert)[] = [];
  for (const productId of productIds) {
    const roll = random.next();
    if (roll < 0.72) {
      const held = new Set<number>();
      const howMany = random.int(1, 3);
      while (held.size < howMany) held.add(random.pick(own).id);
      for (const warehouseId of held)
        rows.push({ productId, warehouseId, quantity: random.int(1, 60), onOrderQuantity: 0 });
      if (random.chance(0.3))
        rows.push({
          productId,
          warehouseId: random.pick(suppliers).id,
          quantity: random.int(4, 200),
          onOrderQuantity: 0,
        });
    } else if (roll < 0.84) {
      rows.push({
        productId,
        warehouseId: random.pick(suppliers).id,
        quantity: random.int(4, 200),
        onOrderQuantity: 0,
      });
    } else if (roll < 0.94) {
      rows.push({ productId, warehouseId: random.pick(own).id, quantity: 0, onOrderQuantity: random.int(4, 40) });
    }
  }
  await insertInBatches(
    rows,
    (batch) => tx.insert(productStock).values(batch),
    (done) => progress('stock', done, rows.length),
  );
}

async function seedDiscountTiers(tx: Tx, random: SeededRandom) {
  const tiers = await tx
    .insert(discountTiers)
    .values([{ name: 'Standard' }, { name: 'Silver' }, { name: 'Gold' }, { name: 'Platinum' }])
    .returning({ id: discountTiers.id, name: discountTiers.name });
  const step: Record<string, number> = { Standard: 0, Silver: 250, Gold: 500, Platinum: 800 };
  const brands = [...TYRE_BRANDS.map((b) => b.name), ...WHEEL_BRANDS.map((b) => b.name)];
  const rates = tiers.flatMap((tier) =>
    (step[tier.name] ?? 0) === 0
      ? []
      : brands
          .filter(() => random.chance(0.6))
          .map((brand) => ({
            tierId: tier.id,
            brand,
            discountBasisPoints: (step[tier.name] ?? 0) + random.int(0, 4) * 50,
          })),
  );
  await insertInBatches(rates, (batch) => tx.insert(discountTierRates).values(batch));
  const accountRows = await tx.select({ id: accounts.id, code: accounts.code }).from(accounts).orderBy(accounts.id);
  const byName = new Map(tiers.map((tier) => [tier.name, tier.id]));
  const assignments = accountRows.map((account) => ({
    accountId: account.id,
    tierId: account.code === 'C10001' ? (byName.get('Gold') as number) : random.pick(tiers).id,
  }));
  await insertInBatches(assignments, (batch) => tx.insert(accountDiscountTiers).values(batch));
}

async function seedVehicles(tx: Tx) {
  const makeIds = new Map<string, number>();
  for (const make of [...new Set(VEHICLES.map((v) => v.make))].sort()) {
    const [row] = await tx.insert(vehicleMakes).values({ name: make }).returning({ id: vehicleMakes.id });
    if (row) makeIds.set(make, row.id);
  }
  for (const v of VEHICLES) {
    const [row] = await tx
      .insert(vehicles)
      .values({
        makeId: makeIds.get(v.make) as number,
        model: v.model,
        series: v.series,
        yearFrom: v.years[0],
        yearTo: v.years[1],
        pcd: v.pcd,
        centreBore: v.centreBore,
        thread: v.thread,
        fastener: v.fastener,
        offsetMin: v.offsets[0],
        offsetMax: v.offsets[1],
        diameterMin: v.diameters[0],
        diameterMax: v.diameters[1],
        widthMin: v.widths[0],
        widthMax: v.widths[1],
        hasTpms: v.tpms,
      })
      .returning({ id: vehicles.id });
    if (!row) throw new Error('vehicle not created');
    await tx.insert(vehicleTyreSizes).values(
      v.tyreSizes.map((text, order) => {
        const [front, rear] = text.split('|').map((part) => parseTyreSize(part));
        if (!front || front.profile === null || front.diameter === null)
          throw new Error(`bad vehicle tyre size ${text}`);
        return {
          vehicleId: row.id,
          width: front.width,
          profile: front.profile,
          diameter: front.diameter,
          rearWidth: rear?.width ?? null,
          rearProfile: rear?.profile ?? null,
          rearDiameter: rear?.diameter ?? null,
          isOriginal: order === 0,
          sortOrder: order,
        };
      }),
    );
  }
}

/**
 * Fills the catalogue: warehouses, tyres, wheels, merchandise, stock, prices and discount tiers (for the accounts
 * already present), promotions and vehicles. Deterministic for a given `random` seed and size.
 */
export async function seedCatalogue(
  tx: Tx,
  random: SeededRandom,
  options: { size?: CatalogueSize; now: Date; onProgress?: CatalogueProgress },
): Promise<void> {
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const progress: CatalogueProgress = options.onProgress ?? (() => undefined);
  const warehouseRows = await seedWarehouses(tx);
  const promotionIds = await seedPromotions(tx, options.now);

  const tyreItems = generateTyres(random, size.tyres);
  const tyreIds = await insertProducts(tx, tyreItems, (done) => progress('tyres', done, size.tyres));
  await insertInBatches(
    tyreItems.map((item, index) => ({ ...item.tyre, productId: tyreIds[index] as number })),
    (batch) => tx.insert(tyres).values(batch),
    (done) => progress('tyre sizes', done, size.tyres),
  );
  await linkPromotions(tx, tyreItems, tyreIds, promotionIds);

  const wheelItems = generateWheels(random, size.wheels);
  const wheelIds = await insertProducts(tx, wheelItems, (done) => progress('wheels', done, size.wheels));
  await insertInBatches(
    wheelItems.map((item, index) => ({ ...item.wheel, productId: wheelIds[index] as number })),
    (batch) => tx.insert(wheels).values(batch),
    (done) => progress('wheel fitments', done, size.wheels),
  );
  await linkPromotions(tx, wheelItems, wheelIds, promotionIds);

  const merchandiseIds = await seedMerchandise(tx, random, size.merchandise, promotionIds, progress);
  await seedStock(tx, random, [...tyreIds, ...wheelIds, ...merchandiseIds], warehouseRows, progress);
  await seedDiscountTiers(tx, random);
  await seedVehicles(tx);
  await announceCatalogueChange(tx, { kind: 'all' });
}

/** Removes the catalogue (products cascade to their details, stock and promotion links). */
export async function clearCatalogue(tx: Tx): Promise<void> {
  await tx.delete(products);
  await tx.delete(merchandiseCategories);
  await tx.delete(promotions);
  await tx.delete(discountTiers);
  await tx.delete(vehicleMakes);
  await tx.delete(warehouses);
}
