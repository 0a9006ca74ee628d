import { z } from 'zod';
import { booleanFacet, numberFacet, stringFacet } from './catalogue-common';
import { definitionOf } from './zod-definition';

/**
 * Each product kind's fields, declared once (docs/architecture.md, "Product fields"): the server's snapshot reads
 * its columns, records, facets and search facets from here, and the importer's file columns come from here too. It
 * lives in the contract, the lowest layer both the server and the import contract can import.
 */
export interface ProductField {
  /** The SQL column it is read from, as table alias and column ('t.load_rating' over the kind's join). */
  readonly column: string;
  /** The type a read gives. */
  readonly type: z.ZodType;
  /** The facet it is counted and filtered under, when it is one. */
  readonly facet?: string;
  /** Many products hold the same value (a brand, a rating): the snapshot keeps one copy of it. */
  readonly shared?: true;
  /** The import file column it comes from, and whether a file must have that column. */
  readonly imported?: { readonly column: string; readonly required: boolean };
}

export type ProductFields = Readonly<Record<string, ProductField>>;

/** The value of each field, as a record holds it. */
export type FieldValues<F extends ProductFields> = { readonly [K in keyof F]: z.output<F[K]['type']> };

type ElementOf<V> = V extends readonly (infer E)[] ? E : V;

/** The value of each facet of some fields, by facet name (a list field's facet holds its elements). */
export type FacetValues<F extends ProductFields> = {
  [K in keyof F as F[K] extends { readonly facet: infer N extends string } ? N : never]: ElementOf<
    z.output<F[K]['type']>
  >;
};

/** The type of a field's facet values: its read type's, or a list's element's. */
export function facetValueType(field: ProductField): 'string' | 'number' | 'boolean' {
  const own = definitionOf(field.type);
  const type = own.type === 'array' ? definitionOf(own.element).type : own.type;
  return type === 'number' || type === 'boolean' ? type : 'string';
}

const FACET_SCHEMAS = { string: stringFacet, number: numberFacet, boolean: booleanFacet };

/** A search answer's facets: each facet's values with their counts. */
export function facetsSchemaOf<F extends ProductFields>(fields: F) {
  const shape = Object.values(fields).flatMap((field) =>
    field.facet === undefined ? [] : [[field.facet, FACET_SCHEMAS[facetValueType(field)]] as const],
  );
  return z.object(Object.fromEntries(shape)) as unknown as z.ZodObject<{
    [N in keyof FacetValues<F>]: z.ZodArray<
      z.ZodObject<{ value: z.ZodType<FacetValues<F>[N]>; count: z.ZodType<number> }>
    >;
  }>;
}

/** Every product's fields, over `products p`. */
export const PRODUCT_FIELDS = {
  id: { column: 'p.id', type: z.int() },
  sku: { column: 'p.sku', type: z.string(), imported: { column: 'sku', required: true } },
  slug: { column: 'p.slug', type: z.string() },
  name: { column: 'p.name', type: z.string(), shared: true, imported: { column: 'name', required: true } },
  brand: {
    column: 'p.brand',
    type: z.string(),
    facet: 'brands',
    shared: true,
    imported: { column: 'brand', required: true },
  },
  description: {
    column: 'p.description',
    type: z.string(),
    shared: true,
    imported: { column: 'description', required: false },
  },
  imageUrl: { column: 'p.image_url', type: z.string(), shared: true },
  tradeCents: { column: 'p.trade_cents', type: z.int(), imported: { column: 'trade', required: true } },
  rrpCents: { column: 'p.rrp_cents', type: z.int(), imported: { column: 'rrp', required: true } },
} as const satisfies ProductFields;

/** A tyre's own fields, over `tyres t`. */
export const TYRE_FIELDS = {
  pattern: {
    column: 't.pattern',
    type: z.string(),
    facet: 'patterns',
    shared: true,
    imported: { column: 'pattern', required: true },
  },
  sizePrefix: {
    column: 't.size_prefix',
    type: z.string().nullable(),
    shared: true,
    imported: { column: 'size', required: true },
  },
  width: { column: 't.width', type: z.int(), facet: 'widths', imported: { column: 'size', required: true } },
  profile: { column: 't.profile', type: z.int(), facet: 'profiles', imported: { column: 'size', required: true } },
  diameter: { column: 't.diameter', type: z.int(), facet: 'diameters', imported: { column: 'size', required: true } },
  loadRating: {
    column: 't.load_rating',
    type: z.string(),
    facet: 'loadRatings',
    shared: true,
    imported: { column: 'load_rating', required: true },
  },
  speedRating: {
    column: 't.speed_rating',
    type: z.string(),
    facet: 'speedRatings',
    shared: true,
    imported: { column: 'speed_rating', required: true },
  },
  category: {
    column: 't.category',
    type: z.string(),
    facet: 'categories',
    shared: true,
    imported: { column: 'category', required: true },
  },
  season: {
    column: 't.season',
    type: z.string(),
    facet: 'seasons',
    shared: true,
    imported: { column: 'season', required: true },
  },
  runFlat: {
    column: 't.run_flat',
    type: z.boolean(),
    facet: 'runFlat',
    imported: { column: 'run_flat', required: false },
  },
  extraLoad: {
    column: 't.extra_load',
    type: z.boolean(),
    facet: 'extraLoad',
    imported: { column: 'extra_load', required: false },
  },
} as const satisfies ProductFields;

/** A wheel's own fields, over `wheels w`. */
export const WHEEL_FIELDS = {
  design: {
    column: 'w.design',
    type: z.string(),
    facet: 'designs',
    shared: true,
    imported: { column: 'design', required: true },
  },
  colour: {
    column: 'w.colour',
    type: z.string(),
    facet: 'colours',
    shared: true,
    imported: { column: 'colour', required: true },
  },
  performance: {
    column: 'w.performance',
    type: z.string(),
    facet: 'performances',
    shared: true,
    imported: { column: 'performance', required: true },
  },
  size: { column: 'w.size', type: z.int(), facet: 'sizes', imported: { column: 'size', required: true } },
  width: { column: 'w.width', type: z.number(), facet: 'widths', imported: { column: 'width', required: true } },
  // Wheels share a few dozen drillings: one list per distinct drilling.
  pcds: {
    column: 'w.pcds',
    type: z.array(z.string()),
    facet: 'pcds',
    shared: true,
    imported: { column: 'pcds', required: true },
  },
  offset: { column: 'w."offset"', type: z.int(), imported: { column: 'offset', required: true } },
  centreBore: { column: 'w.centre_bore', type: z.number(), imported: { column: 'centre_bore', required: true } },
  seat: {
    column: 'w.seat',
    type: z.string(),
    facet: 'seats',
    shared: true,
    imported: { column: 'seat', required: true },
  },
  spokes: { column: 'w.spokes', type: z.int(), imported: { column: 'spokes', required: true } },
} as const satisfies ProductFields;

/**
 * A merchandise item's own fields, over `merchandise m`; its category and subcategory facets are its subcategory's
 * and that one's parent, which the snapshot joins in.
 */
export const MERCHANDISE_FIELDS = {
  categoryId: { column: 'm.category_id', type: z.int(), imported: { column: 'category', required: true } },
  specs: { column: 'm.specs', type: z.record(z.string(), z.string()) },
} as const satisfies ProductFields;

/** The columns an import file of a kind must have, in the fields' order, each once. */
export function requiredImportColumns(...kinds: readonly ProductFields[]): string[] {
  const columns = kinds.flatMap((fields) =>
    Object.values(fields).flatMap((field) => (field.imported?.required ? [field.imported.column] : [])),
  );
  return [...new Set(columns)];
}
