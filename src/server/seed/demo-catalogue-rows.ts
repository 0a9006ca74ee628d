import type { z } from 'zod';
import type {
  accessoryRowSchema,
  accountTierRowSchema,
  brandTierRowSchema,
  customerPriceRowSchema,
  inboundStockRowSchema,
  stockLevelRowSchema,
  tyreRowSchema,
  vehicleRowSchema,
  warehouseRowSchema,
  wheelRowSchema,
} from '../../contract/imports';
import { parseTyreSize } from '../../domain/tyre-size';
import { daysAfter } from '../dates';
import { merchandiseVariants } from './merchandise-variants';
import type { SeededRandom } from './random';
import {
  CATEGORY_WEIGHTS,
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

const OWN_WAREHOUSES = [
  { code: 'SYD', name: 'SYDNEY', state: 'NSW' },
  { code: 'MEL', name: 'MELBOURNE', state: 'VIC' },
  { code: 'BNE', name: 'BRISBANE', state: 'QLD' },
  { code: 'ADL', name: 'ADELAIDE', state: 'SA' },
  { code: 'PER', name: 'PERTH', state: 'WA' },
] as const;
const SUPPLIER_WAREHOUSES = [
  { code: 'WEST', name: 'WEST COAST STOCK' },
  { code: 'EAST', name: 'EAST COAST STOCK' },
  { code: 'SUPPLIER', name: 'SUPPLIER STOCK' },
] as const;

/** The discount tiers, lowest first; Standard gives no discount, so no brand-tiers row names it. */
export const DEMO_TIERS = ['Standard', 'Silver', 'Gold', 'Platinum'] as const;
const TIER_STEP: Record<(typeof DEMO_TIERS)[number], number> = { Standard: 0, Silver: 250, Gold: 500, Platinum: 800 };

/** The demo dealer (README's dealer@demo.test) and the tyres it has its own prices for. */
export const DEMO_DEALER = 'C10001';
const DEALER_OWN_PRICES = 3;

/** Integer cents as the importer reads dollars ('123.45'). */
const dollarText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A calendar date as the importer reads it ('2026-12-04'). */
const dateText = (date: Date) => date.toISOString().slice(0, 10);

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

type TyreFileRow = z.input<typeof tyreRowSchema>;
type WheelFileRow = z.input<typeof wheelRowSchema>;
type AccessoryFileRow = z.input<typeof accessoryRowSchema>;
type StockFileRow = z.input<typeof stockLevelRowSchema>;
type InboundFileRow = z.input<typeof inboundStockRowSchema>;

/** A product's import row and the promotion it takes part in (promotions have no import entity). */
interface GeneratedProduct<Row> {
  readonly sku: string;
  readonly row: Row;
  readonly tradeCents: number;
  readonly promotionKey: string | null;
}

/** Which promotion a pattern or item takes part in: a few named ranges, so labels are easy to find in the demo. */
function tyrePromotion(brand: string, pattern: string): string | null {
  if (brand === 'Michelin' && (pattern.startsWith('Pilot Sport') || pattern.startsWith('LTX')))
    return '$100 cashback on a set of 4';
  if (brand === 'Marshal' && pattern.startsWith('Road Venture')) return '$60 cashback on a set of 4';
  if (brand === 'Kumho' && pattern === 'Solus TA31') return 'Buy 3 get 1 free';
  return null;
}

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

function generateTyres(random: SeededRandom, count: number): GeneratedProduct<TyreFileRow>[] {
  const patterns = TYRE_BRANDS.flatMap((brand) => brand.patterns.map((pattern) => ({ brand, pattern })));
  const byCategory = new Map<TyreCategory, typeof patterns>();
  for (const entry of patterns) {
    byCategory.set(entry.pattern.category, [...(byCategory.get(entry.pattern.category) ?? []), entry]);
  }
  const items: GeneratedProduct<TyreFileRow>[] = [];
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
      sku,
      row: {
        sku,
        name,
        brand: brand.name,
        description: `${brand.name} ${pattern.name}: a ${category.toLowerCase()} tyre in ${sizeText}.`,
        trade: dollarText(price.trade),
        rrp: dollarText(price.rrp),
        pattern: pattern.name,
        size: sizeText,
        load_rating: loadRating,
        speed_rating: speedRating,
        category,
        season,
        run_flat: runFlat,
        extra_load: extraLoad,
      },
      tradeCents: price.trade,
      promotionKey: tyrePromotion(brand.name, pattern.name),
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

function generateWheels(random: SeededRandom, count: number): GeneratedProduct<WheelFileRow>[] {
  const items: GeneratedProduct<WheelFileRow>[] = [];
  const names = new NameRegister(count);
  for (let index = 0; index < count; index += 1) {
    const { brand, design, colour, fitment, sizing, width, offset, name } = names.draw(random, drawWheel);
    const sku = `W${brand.code}${String(index + 1).padStart(6, '0')}`;
    const rrp = retailCents((sizing.size * 14 + width * 8) * brand.premium * (colour === 'Chrome' ? 1.25 : 1), random);
    const price = names.price(name, { rrp, trade: tradeCents(rrp, random) });
    items.push({
      sku,
      row: {
        sku,
        name,
        brand: brand.name,
        description: `${brand.name} ${design.name}, ${design.spokes}-spoke ${design.range.toLowerCase()} wheel in ${colour.toLowerCase()}.`,
        trade: dollarText(price.trade),
        rrp: dollarText(price.rrp),
        design: design.name,
        colour,
        performance: design.range,
        size: sizing.size,
        width,
        pcds: fitment.pcds.join(' '),
        offset,
        centre_bore: fitment.centreBore,
        seat: fitment.seat,
        spokes: design.spokes,
      },
      tradeCents: price.trade,
      promotionKey: brand.name === 'King' && design.range === '4WD' ? 'Buy 3 get 1 free' : null,
    });
  }
  return items;
}

/** camelCase spec keys (merchandise-variants.ts) as the accessory file's columns. */
const specColumn = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function generateMerchandise(random: SeededRandom, count: number): GeneratedProduct<AccessoryFileRow>[] {
  return merchandiseVariants(random, count).map((variant, index) => {
    const sku = `M${String(index + 1).padStart(6, '0')}`;
    const trade = tradeCents(variant.rrpCents, random);
    const specs = Object.fromEntries(Object.entries(variant.specs).map(([key, value]) => [specColumn(key), value]));
    return {
      sku,
      row: {
        sku,
        name: variant.name,
        brand: variant.brand,
        description: `${variant.name}.`,
        trade: dollarText(trade),
        rrp: dollarText(variant.rrpCents),
        category: variant.subcategory,
        parent_category: variant.category,
        ...specs,
      },
      tradeCents: trade,
      promotionKey: variant.subcategory === 'Valve Caps' ? 'Buy 10 get 2 free' : null,
    };
  });
}

/**
 * Stock for each product: most lines are held in two or three own warehouses, some only at a supplier, some inbound
 * to an own warehouse (expected a few days to weeks after `now`), a few nowhere.
 */
function generateStock(random: SeededRandom, skus: readonly string[], now: Date) {
  const own = OWN_WAREHOUSES.map((warehouse) => warehouse.code);
  const suppliers = SUPPLIER_WAREHOUSES.map((warehouse) => warehouse.code);
  // Expected dates come from their own generator, so adding them left every other draw as it was.
  const dates = random.split(0xda7e);
  const stock: StockFileRow[] = [];
  const inbound: InboundFileRow[] = [];
  for (const sku of skus) {
    const roll = random.next();
    if (roll < 0.72) {
      const held = new Set<string>();
      const howMany = random.int(1, 3);
      while (held.size < howMany) held.add(random.pick(own));
      for (const warehouse of held) stock.push({ sku, warehouse, quantity: random.int(1, 60) });
      if (random.chance(0.3)) stock.push({ sku, warehouse: random.pick(suppliers), quantity: random.int(4, 200) });
    } else if (roll < 0.84) {
      stock.push({ sku, warehouse: random.pick(suppliers), quantity: random.int(4, 200) });
    } else if (roll < 0.94) {
      inbound.push({
        sku,
        warehouse: random.pick(own),
        quantity: random.int(4, 40),
        expected: dateText(daysAfter(now, dates.int(3, 42))),
      });
    }
  }
  return { stock, inbound };
}

function generateTiers(random: SeededRandom, accountCodes: readonly string[]) {
  const brands = [...TYRE_BRANDS.map((b) => b.name), ...WHEEL_BRANDS.map((b) => b.name)];
  const brandTiers: z.input<typeof brandTierRowSchema>[] = DEMO_TIERS.flatMap((tier) =>
    TIER_STEP[tier] === 0
      ? []
      : brands
          .filter(() => random.chance(0.6))
          .map((brand) => ({ tier, brand, discount: String((TIER_STEP[tier] + random.int(0, 4) * 50) / 100) })),
  );
  const accountTiers: z.input<typeof accountTierRowSchema>[] = accountCodes.map((account) => ({
    account,
    tier: account === DEMO_DEALER ? 'Gold' : random.pick(DEMO_TIERS),
  }));
  return { brandTiers, accountTiers };
}

/** A vehicle's sizes as the file spells them: a staggered 'front|rear' pair is 'F front R rear'. */
const fitmentText = (size: string) => {
  const [front, rear] = size.split('|');
  return rear === undefined ? size : `F ${front} R ${rear}`;
};

const vehicleRows = (): z.input<typeof vehicleRowSchema>[] =>
  VEHICLES.map((v) => ({
    make: v.make,
    model: v.model,
    series: v.series,
    year_from: v.years[0],
    year_to: v.years[1] ?? '',
    pcd: v.pcd,
    centre_bore: v.centreBore,
    thread: v.thread,
    fastener: v.fastener,
    offset_min: v.offsets[0],
    offset_max: v.offsets[1],
    diameter_min: v.diameters[0],
    diameter_max: v.diameters[1],
    width_min: v.widths[0],
    width_max: v.widths[1],
    tpms: v.tpms,
    tyre_sizes: v.tyreSizes.map(fitmentText).join(' '),
  }));

const warehouseRows = (): z.input<typeof warehouseRowSchema>[] => [
  ...OWN_WAREHOUSES.map((warehouse) => ({ ...warehouse, kind: 'own', dispatch_cutoff: '14:00', transit_days: '2' })),
  ...SUPPLIER_WAREHOUSES.map((warehouse) => ({
    ...warehouse,
    kind: 'supplier',
    state: '',
    dispatch_cutoff: '12:00',
    transit_days: '4',
  })),
];

/** The demo catalogue as import files' rows, one list per entity, and the SKUs each promotion takes in. */
export interface DemoCatalogue {
  readonly files: {
    readonly warehouses: readonly z.input<typeof warehouseRowSchema>[];
    readonly tyres: readonly TyreFileRow[];
    readonly wheels: readonly WheelFileRow[];
    readonly accessories: readonly AccessoryFileRow[];
    readonly vehicles: readonly z.input<typeof vehicleRowSchema>[];
    readonly 'brand-tiers': readonly z.input<typeof brandTierRowSchema>[];
    readonly 'account-tiers': readonly z.input<typeof accountTierRowSchema>[];
    readonly 'customer-prices': readonly z.input<typeof customerPriceRowSchema>[];
    readonly stock: readonly StockFileRow[];
    readonly 'inbound-stock': readonly InboundFileRow[];
  };
  /** Promotion label → the SKUs in it. */
  readonly promotions: ReadonlyMap<string, readonly string[]>;
}

/**
 * Draws the demo catalogue: warehouses, tyres, wheels, merchandise, stock and inbound stock, brand and account tiers
 * (for `accountCodes`), the demo dealer's own prices and vehicles. Deterministic for a given `random` seed and size.
 */
export function generateDemoCatalogue(
  random: SeededRandom,
  options: { size?: CatalogueSize; now: Date; accountCodes: readonly string[] },
): DemoCatalogue {
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const tyreItems = generateTyres(random, size.tyres);
  const wheelItems = generateWheels(random, size.wheels);
  const merchandiseItems = generateMerchandise(random, size.merchandise);
  const products = [...tyreItems, ...wheelItems, ...merchandiseItems];
  const { stock, inbound } = generateStock(
    random,
    products.map((item) => item.sku),
    options.now,
  );
  const { brandTiers, accountTiers } = generateTiers(random, options.accountCodes);
  const promotions = new Map<string, string[]>();
  for (const { sku, promotionKey } of products) {
    if (promotionKey === null) continue;
    const skus = promotions.get(promotionKey) ?? [];
    skus.push(sku);
    promotions.set(promotionKey, skus);
  }
  return {
    files: {
      warehouses: warehouseRows(),
      tyres: tyreItems.map((item) => item.row),
      wheels: wheelItems.map((item) => item.row),
      accessories: merchandiseItems.map((item) => item.row),
      vehicles: vehicleRows(),
      'brand-tiers': brandTiers,
      'account-tiers': accountTiers,
      'customer-prices': options.accountCodes.includes(DEMO_DEALER)
        ? tyreItems.slice(0, DEALER_OWN_PRICES).map(({ sku, tradeCents: trade }) => ({
            account: DEMO_DEALER,
            sku,
            // Fifteen percent off trade: more than the dealer's Gold tier gives on any brand, so the own price shows.
            price: dollarText(Math.round((trade * 85) / 100)),
          }))
        : [],
      stock,
      'inbound-stock': inbound,
    },
    promotions,
  };
}
