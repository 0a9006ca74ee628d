import {
  type FacetValues,
  type FieldValues,
  type ProductFields,
  facetValueType,
} from '../../../contract/product-fields';
import type { ColumnRead, Columns } from './catalogue-columns';
import type { FacetCount, FacetDefinition, FacetValue } from './faceted-index';
import { typed } from './table-search';

/** The read type of each field: the shape of its columnar read. */
export type ShapeOf<F extends ProductFields> = { [K in keyof F]: F[K]['type'] };

/** A record of some fields, with the lower-case name and SKU free-text search reads. */
export type RecordOfFields<F extends ProductFields> = FieldValues<F> & { readonly text: string };

function shapeOf<F extends ProductFields>(fields: F): ShapeOf<F> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.type])) as ShapeOf<F>;
}

/** The columnar read of some fields (catalogue-columns.ts) over `from`, ranged on `productIds`. */
export function columnReadOf<F extends ProductFields>(
  fields: F,
  from: string,
  productIds: readonly string[],
): ColumnRead<ShapeOf<F>> {
  const columns = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.column]));
  return { columns: columns as ColumnRead<ShapeOf<F>>['columns'], from, productIds, shape: shapeOf(fields) };
}

/** The facets the fields are counted under, in the fields' order. */
export function facetsOf<F extends ProductFields>(fields: F): FacetDefinition<FieldValues<F>>[] {
  return Object.entries(fields).flatMap(([name, field]) =>
    field.facet === undefined
      ? []
      : [{ name: field.facet, valuesOf: (item: FieldValues<F>) => item[name] as FacetValue | readonly FacetValue[] }],
  );
}

/** The facet names of some fields: the facets a search counts. */
export const facetNamesOf = (fields: ProductFields): string[] =>
  Object.values(fields).flatMap((field) => (field.facet === undefined ? [] : [field.facet]));

/** A search answer's facets: each facet's counts, valued as its field (an element of a list field). */
export type FacetAnswers<F extends ProductFields> = {
  [N in keyof FacetValues<F>]: { readonly value: FacetValues<F>[N]; readonly count: number }[];
};

const TYPED_COUNTS = { string: typed.strings, number: typed.numbers, boolean: typed.booleans };

/** The facets of a search answer from the counts a narrowing made, each typed as its field. */
export function facetAnswersOf<F extends ProductFields>(
  fields: F,
): (counts: Readonly<Record<string, FacetCount[]>>) => FacetAnswers<F> {
  const facets = Object.values(fields).flatMap((field) =>
    field.facet === undefined ? [] : [[field.facet, TYPED_COUNTS[facetValueType(field)]] as const],
  );
  return (counts) =>
    Object.fromEntries(facets.map(([name, typedCounts]) => [name, typedCounts(counts[name])])) as FacetAnswers<F>;
}

/**
 * One copy of each repeated value: a column read as JSON gives every row its own copy of its brand, pattern or
 * rating (or a wheel's list of drillings), and 100,000 tyres share a few hundred of them.
 */
function interner(): (value: unknown) => unknown {
  const strings = new Map<string, string>();
  const lists = new Map<string, unknown[]>();
  const once = <V>(seen: Map<string, V>, key: string, value: V): V => {
    const known = seen.get(key);
    if (known !== undefined) return known;
    seen.set(key, value);
    return value;
  };
  return (value) => {
    if (typeof value === 'string') return once(strings, value, value);
    if (Array.isArray(value)) return once(lists, JSON.stringify(value), value);
    return value;
  };
}

/**
 * Builds records from each range's columns into `into`, interning the fields declared shared. A record is made by
 * Object.fromEntries, which gives it its fields in the object itself much as a whole object literal does (measured
 * over synthetic tyre columns: under a tenth more than the literal); adding fields one by one to an empty object, or
 * spreading a part and adding more, costs about four times the literal.
 */
export function recordBuilder<F extends ProductFields & { readonly name: unknown; readonly sku: unknown }>(
  fields: F,
): (columns: Columns<ShapeOf<F>>, into: RecordOfFields<F>[]) => void {
  const names = Object.keys(fields);
  const shared = names.map((name) => fields[name]?.shared === true);
  const intern = interner();
  return (columns, into) => {
    const lists = names.map((name) => columns[name] as unknown[]);
    const { name: nameColumn, sku: skuColumn } = columns as unknown as Record<'name' | 'sku', string[]>;
    skuColumn.forEach((sku, row) => {
      const entries: [string, unknown][] = names.map((name, at) => {
        const value = (lists[at] as unknown[])[row];
        return [name, shared[at] ? intern(value) : value];
      });
      entries.push(['text', `${nameColumn[row] as string} ${sku}`.toLowerCase()]);
      into.push(Object.fromEntries(entries) as RecordOfFields<F>);
    });
  };
}
