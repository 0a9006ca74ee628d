import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AccessoryRow, TyreRow, WheelRow } from '../../../contract/imports';
import { insertUnnested } from '../../db/array-parameters';
import type { Database } from '../../db/client';
import { merchandise, merchandiseCategories, tyres, wheels } from '../../db/schema';
import { catalogueImageUrl } from '../../integrations/images/catalogue-image-urls';
import { productImporter, slugify } from './product-importer';

type TyreDetails = Omit<typeof tyres.$inferInsert, 'productId'>;
/** Every column of a tyre's row: a new tyre's values give them all. */
const TYRE_COLUMNS = Object.keys(getTableColumns(tyres)) as (keyof typeof tyres.$inferInsert)[];
type WheelDetails = Omit<typeof wheels.$inferInsert, 'productId'>;
type MerchandiseDetails = { categoryId: number; specs: Record<string, string> };

export const tyreImporter = productImporter<TyreRow, TyreDetails, null>({
  kind: 'Tyre',
  table: tyres,
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
  async insert(tx, created) {
    if (created.length === 0) return;
    const rows = created.map(({ productId, details }) => ({ productId, ...details }));
    await tx.execute(insertUnnested(tyres, TYRE_COLUMNS, rows));
  },
});

export const wheelImporter = productImporter<WheelRow, WheelDetails, null>({
  kind: 'Wheel',
  table: wheels,
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
  async insert(tx, created) {
    if (created.length === 0) return;
    await tx.insert(wheels).values(created.map(({ productId, details }) => ({ productId, ...details })));
  },
});

interface Category {
  readonly id: number;
  readonly slug: string;
}

/** Categories by slug and by upper-case name: subcategories, and the top-level ones they sit in. */
interface Categories {
  readonly subcategories: Map<string, Category>;
  readonly parents: Map<string, Category>;
  /** Slugs of subcategories the file's rows create, so later rows may name them alone. */
  readonly promised: Set<string>;
}

const categoryIn = (map: ReadonlyMap<string, Category>, text: string) =>
  map.get(text) ?? map.get(text.toUpperCase()) ?? map.get(slugify(text));

function remember(map: Map<string, Category>, category: Category & { readonly name: string }): void {
  map.set(category.name.toUpperCase(), category);
  map.set(category.slug, category);
}

/** Adds a category (top-level when `parentId` is null) after the others of its level. */
async function createCategory(tx: Database, name: string, parentId: number | null) {
  const [created] = await tx
    .insert(merchandiseCategories)
    .values({
      name,
      slug: slugify(name),
      parentId,
      sortOrder: sql`(select coalesce(max(sort_order), -1) + 1 from merchandise_categories where parent_id is not distinct from ${parentId})`,
    })
    .returning({ id: merchandiseCategories.id, slug: merchandiseCategories.slug, name: merchandiseCategories.name });
  if (!created) throw new Error('category not created');
  return created;
}

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

export const accessoryImporter = productImporter<AccessoryRow, MerchandiseDetails, Categories>({
  kind: 'Merchandise',
  table: merchandise,
  async begin(db) {
    const rows = await db
      .select({
        id: merchandiseCategories.id,
        slug: merchandiseCategories.slug,
        name: merchandiseCategories.name,
        parentId: merchandiseCategories.parentId,
      })
      .from(merchandiseCategories);
    const categories: Categories = { subcategories: new Map(), parents: new Map(), promised: new Set() };
    for (const row of rows) remember(row.parentId === null ? categories.parents : categories.subcategories, row);
    return categories;
  },
  refuse(row, categories) {
    if (row.parent_category !== undefined) categories.promised.add(slugify(row.category));
    if (categoryIn(categories.subcategories, row.category) || categories.promised.has(slugify(row.category))) {
      return null;
    }
    return {
      column: 'category',
      value: row.category,
      reason: 'no subcategory has this slug or name (give parent_category to create it)',
    };
  },
  // A subcategory named for the first time is created in the parent category given (created too if need be), so an
  // empty shop's first accessory file brings its categories.
  async prepare(tx, categories, rows) {
    for (const row of rows) {
      if (categoryIn(categories.subcategories, row.category) || row.parent_category === undefined) continue;
      const parent =
        categoryIn(categories.parents, row.parent_category) ?? (await createCategory(tx, row.parent_category, null));
      remember(categories.parents, { ...parent, name: row.parent_category });
      remember(categories.subcategories, await createCategory(tx, row.category, parent.id));
    }
  },
  describe(row, categories) {
    const subcategory = categoryIn(categories.subcategories, row.category);
    if (!subcategory) throw new Error(`subcategory ${row.category} was neither found nor created`);
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
  async insert(tx, created) {
    if (created.length === 0) return;
    await tx.insert(merchandise).values(created.map(({ productId, details }) => ({ productId, ...details })));
  },
});
