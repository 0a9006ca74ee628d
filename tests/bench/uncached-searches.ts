/**
 * Search bodies for `npm run bench -- --uncached`: filter sets that never repeat during a run, so every
 * request misses the answer cache and the narrowing cache and the server does the whole search. Drawn from the
 * catalogue's own values (sizes and fitments that exist, brand pairs, categories, seasons), with sorts and pages 1–3,
 * by a seeded generator so two runs send the same sequence.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

export interface CatalogueShape {
  readonly tyreSizes: readonly { width: number; profile: number; diameter: number }[];
  readonly tyreBrands: readonly string[];
  readonly tyreCategories: readonly string[];
  readonly tyreSeasons: readonly string[];
  readonly tyreSpeedRatings: readonly string[];
  readonly wheelFitments: readonly { size: number; pcd: string }[];
  readonly wheelBrands: readonly string[];
  readonly wheelColours: readonly string[];
  readonly wheelPerformances: readonly string[];
  readonly wheelWidths: readonly number[];
}

const column = async <T>(db: Database, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

/** The values the searches draw from, read from the database before the server starts. */
export async function readCatalogueShape(db: Database): Promise<CatalogueShape> {
  const strings = async (query: SQL) => (await column<{ v: string }>(db, query)).map((row) => row.v);
  return {
    tyreSizes: (
      await column<{ width: number; profile: number; diameter: number }>(
        db,
        sql`select distinct width, profile, diameter from tyres order by 1, 2, 3`,
      )
    ).map((row) => ({ width: Number(row.width), profile: Number(row.profile), diameter: Number(row.diameter) })),
    tyreBrands: await strings(
      sql`select distinct p.brand as v from products p join tyres t on t.product_id = p.id order by 1`,
    ),
    tyreCategories: await strings(sql`select distinct category as v from tyres order by 1`),
    tyreSeasons: await strings(sql`select distinct season as v from tyres order by 1`),
    tyreSpeedRatings: await strings(sql`select distinct speed_rating as v from tyres order by 1`),
    wheelFitments: (
      await column<{ size: number; pcd: string }>(
        db,
        sql`select distinct size, unnest(pcds) as pcd from wheels order by 1, 2`,
      )
    ).map((row) => ({ size: Number(row.size), pcd: String(row.pcd) })),
    wheelBrands: await strings(
      sql`select distinct p.brand as v from products p join wheels w on w.product_id = p.id order by 1`,
    ),
    wheelColours: await strings(sql`select distinct colour as v from wheels order by 1`),
    wheelPerformances: await strings(sql`select distinct performance as v from wheels order by 1`),
    wheelWidths: (await column<{ v: string }>(db, sql`select distinct width as v from wheels order by 1`)).map((row) =>
      Number(row.v),
    ),
  };
}

/** mulberry32: small, fast and seeded, so a run's sequence is the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Pick = <T>(list: readonly T[]) => T;

function picker(next: () => number): {
  pick: Pick;
  chance: (p: number) => boolean;
  some: <T>(list: readonly T[], n: number) => T[];
} {
  const pick: Pick = (list) => {
    if (list.length === 0) throw new Error('the catalogue has no values to search by');
    return list[Math.floor(next() * list.length)] as (typeof list)[number];
  };
  const some = <T>(list: readonly T[], n: number): T[] => {
    const chosen = new Set<T>();
    for (let tries = 0; chosen.size < Math.min(n, list.length) && tries < n * 10; tries += 1) chosen.add(pick(list));
    return [...chosen].sort();
  };
  return { pick, chance: (p) => next() < p, some };
}

/** Pages 1–3 (mostly the first), the page sizes the shop offers, and the sorts the caller may use. */
function sortAndPage(p: ReturnType<typeof picker>, next: () => number, withPrice: boolean) {
  const roll = next();
  return {
    sortBy: withPrice && p.chance(0.5) ? 'Price' : 'Name',
    sortDirection: p.chance(0.7) ? 'Ascending' : 'Descending',
    page: roll < 0.6 ? 1 : roll < 0.85 ? 2 : 3,
    pageSize: p.pick([12, 24, 24, 24, 48]),
  };
}

/**
 * An endless source of distinct filter sets for one table: `next(withPrice)` never returns filters it returned before
 * (sort and page left aside), across every route that searches the table, since the narrowing cache is shared by the
 * signed-in and public searches.
 */
export class DistinctSearches {
  private readonly seen = new Set<string>();
  private readonly nextNumber: () => number;
  private readonly p: ReturnType<typeof picker>;
  issued = 0;

  constructor(
    private readonly draw: (p: ReturnType<typeof picker>) => Record<string, unknown>,
    seed: number,
  ) {
    this.nextNumber = random(seed);
    this.p = picker(this.nextNumber);
  }

  next(withPrice: boolean): string {
    for (let tries = 0; tries < 10_000; tries += 1) {
      const filters = this.draw(this.p);
      const key = JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.issued += 1;
      return JSON.stringify({ ...filters, ...sortAndPage(this.p, this.nextNumber, withPrice) });
    }
    throw new Error(`no new filter set after ${this.seen.size.toLocaleString('en-AU')} distinct ones`);
  }

  get distinct(): number {
    return this.seen.size;
  }
}

/** A typed size, a width and diameter, a diameter and category or a brand page, each with optional narrowing. */
export function tyreSearches(shape: CatalogueShape, seed = 17): DistinctSearches {
  return new DistinctSearches((p) => {
    const size = p.pick(shape.tyreSizes);
    const filters: Record<string, unknown> = {};
    const kind = p.pick(['size', 'size', 'width-diameter', 'diameter-category', 'brands'] as const);
    if (kind === 'size')
      filters.size = p.chance(0.5)
        ? `${size.width}/${size.profile}R${size.diameter}`
        : `${size.width}${size.profile}${size.diameter}`;
    if (kind === 'width-diameter') Object.assign(filters, { widths: [size.width], diameters: [size.diameter] });
    if (kind === 'diameter-category')
      Object.assign(filters, { diameters: [size.diameter], categories: [p.pick(shape.tyreCategories)] });
    if (kind === 'brands' || p.chance(0.5)) filters.brands = p.some(shape.tyreBrands, p.pick([1, 2, 2, 3]));
    if (kind !== 'diameter-category' && p.chance(0.3)) filters.categories = [p.pick(shape.tyreCategories)];
    if (p.chance(0.2)) filters.seasons = [p.pick(shape.tyreSeasons)];
    if (p.chance(0.1)) filters.speedRatings = p.some(shape.tyreSpeedRatings, 2);
    if (p.chance(0.1)) filters.extraLoad = true;
    if (p.chance(0.05)) filters.runFlat = p.chance(0.5);
    return filters;
  }, seed);
}

/** A fitment (size and PCD), a PCD alone or a brand page, with colours, widths, ranges and offsets. */
export function wheelSearches(shape: CatalogueShape, seed = 29): DistinctSearches {
  return new DistinctSearches((p) => {
    const fitment = p.pick(shape.wheelFitments);
    const filters: Record<string, unknown> = {};
    const kind = p.pick(['fitment', 'fitment', 'pcd', 'brands'] as const);
    if (kind === 'fitment') Object.assign(filters, { sizes: [fitment.size], pcds: [fitment.pcd] });
    if (kind === 'pcd') filters.pcds = [fitment.pcd];
    if (kind === 'brands' || p.chance(0.4)) filters.brands = p.some(shape.wheelBrands, p.pick([1, 2, 2, 3]));
    if (p.chance(0.3)) filters.colours = p.some(shape.wheelColours, p.pick([1, 2]));
    if (p.chance(0.2)) filters.performances = [p.pick(shape.wheelPerformances)];
    if (p.chance(0.2)) filters.widths = p.some(shape.wheelWidths, 2);
    if (p.chance(0.2)) {
      const low = p.pick([-20, 0, 10, 20, 25, 30, 35, 40]);
      Object.assign(filters, { offsetMin: low, offsetMax: low + p.pick([5, 10, 15, 20]) });
    }
    return filters;
  }, seed);
}
