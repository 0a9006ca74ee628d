import { inArray, isNotNull } from 'drizzle-orm';
import type { AccessoryRow, TyreRow, WheelRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { merchandise, merchandiseCategories, tyres, wheels } from '../../db/schema';
import { catalogueImageUrl } from '../../integrations/images/catalogue-image-urls';
import { productImporter, slugify } from './product-importer';

type TyreDetails = Omit<typeof tyres.$inferInsert, 'productId'>;
type WheelDetails = Omit<typeof wheels.$inferInsert, 'productId'>;
type MerchandiseDetails = { categoryId: number; specs: Record<string, string> };

export const tyreImporter = productImporter<TyreRow, TyreDetails, null>({
  kind: 'Tyre',
  begin: async () => null,
  describe: (row) => ({
    details: {
      pattern: row.pattern,
      sizePrefix: row.size.prefix,
      width: row.size.width,
      profile: row.size.profile,
      diameter: row.size.diameter,
      loadRating: row.load_rating,
      speedRating: row.speed_rating,
      category: row.category,
      season: row.season,
      runFlat: row.run_flat,
      extraLoad: row.extra_load,
    },
    imageUrl: catalogueImageUrl({
      kind: 'tyre',
      category: slugify(row.category),
      pattern: slugify(`${row.brand} ${row.pattern}`),
    }),
  }),
  async read(db: Database, productIds) {
    if (productIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(tyres)
      .where(inArray(tyres.productId, [...productIds]));
    return new Map(rows.map(({ productId, ...details }) => [productId, details]));
  },
  async write(tx, productId, details) {
    await tx
      .insert(tyres)
      .values({ productId, ...details })
      .onConflictDoUpdate({ target: tyres.productId, set: details });
  },
});

export const wheelImporter = productImporter<WheelRow, WheelDetails, null>({
  kind: 'Wheel',
  begin: async () => null,
  describe: (row) => ({
    details: {
      design: row.design,
      colour: row.colour,
      performance: row.performance,
      size: row.size,
      width: row.width,
      pcds: row.pcds,
      offset: row.offset,
      centreBore: row.centre_bore,
      seat: row.seat,
      spokes: row.spokes,
    },
    imageUrl: catalogueImageUrl({
      kind: 'wheel',
      spokes: row.spokes,
      colour: slugify(row.colour),
      design: slugify(`${row.brand} ${row.design}`),
    }),
  }),
  async read(db, productIds) {
    if (productIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(wheels)
      .where(inArray(wheels.productId, [...productIds]));
    return new Map(rows.map(({ productId, ...details }) => [productId, details]));
  },
  async write(tx, productId, details) {
    await tx
      .insert(wheels)
      .values({ productId, ...details })
      .onConflictDoUpdate({ target: wheels.productId, set: details });
  },
});

/** Subcategories by slug and by upper-case name. */
type Subcategories = ReadonlyMap<string, { readonly id: number; readonly slug: string }>;

/** The accessory step's specs (accessory-groups.ts, accessory-words.ts) from the row's columns; empty ones left out. */
function specsOf(row: AccessoryRow): Record<string, string> {
  const columns = {
    thread: row.thread,
    seat: row.seat,
    fastener: row.fastener,
    finish: row.finish,
    length: row.length,
    outerBore: row.outer_bore,
    innerBore: row.inner_bore,
    tpmsFrequencyMhz: row.tpms_frequency_mhz,
    packOf: row.pack_of,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
}

export const accessoryImporter = productImporter<AccessoryRow, MerchandiseDetails, Subcategories>({
  kind: 'Merchandise',
  async begin(db) {
    const rows = await db
      .select({ id: merchandiseCategories.id, slug: merchandiseCategories.slug, name: merchandiseCategories.name })
      .from(merchandiseCategories)
      .where(isNotNull(merchandiseCategories.parentId));
    const byKey = new Map<string, { id: number; slug: string }>();
    for (const row of rows) {
      byKey.set(row.name.toUpperCase(), row);
      byKey.set(row.slug, row);
    }
    return byKey;
  },
  describe(row, subcategories) {
    const subcategory = subcategories.get(row.category) ?? subcategories.get(row.category.toUpperCase());
    if (!subcategory) {
      return { column: 'category', value: row.category, reason: 'no subcategory has this slug or name' };
    }
    return {
      details: { categoryId: subcategory.id, specs: specsOf(row) },
      imageUrl: catalogueImageUrl({ kind: 'merchandise', subcategory: subcategory.slug }),
    };
  },
  async read(db, productIds) {
    if (productIds.length === 0) return new Map();
    const rows = await db
      .select({ productId: merchandise.productId, categoryId: merchandise.categoryId, specs: merchandise.specs })
      .from(merchandise)
      .where(inArray(merchandise.productId, [...productIds]));
    return new Map(rows.map(({ productId, ...details }) => [productId, details]));
  },
  async write(tx, productId, details) {
    await tx
      .insert(merchandise)
      .values({ productId, ...details })
      .onConflictDoUpdate({ target: merchandise.productId, set: details });
  },
});
