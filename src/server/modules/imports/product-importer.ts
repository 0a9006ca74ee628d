import { eq, like, sql } from 'drizzle-orm';
import { anyOf, insertUnnested } from '../../db/array-parameters';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type ProductKind, products } from '../../db/schema';
import { reopenAccessoriesOfRetired } from '../cart/retired-accessories';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { AppliedCounts, EntityImporter, ResolvedRow, RowIssue } from './import-entity';

/** The columns every product row has (src/contract/imports.ts), prices already in cents. */
export interface ProductRowFields {
  readonly sku: string;
  readonly name: string;
  readonly brand: string;
  readonly description?: string | undefined;
  readonly trade: number;
  readonly rrp: number;
  readonly active: boolean;
}

/** What one kind of product adds to the products row: its own table's values and its drawn picture. */
export interface KindValues<Details> {
  readonly details: Details;
  readonly imageUrl: string;
}

/** How the importer reads and writes one kind's own table (tyres, wheels, merchandise). */
export interface ProductKindImport<Row extends ProductRowFields, Details, Lookup> {
  readonly kind: ProductKind;
  /** The kind's own table. */
  readonly table: PgTable;
  /** Loads once per job what describing rows needs (the subcategories). */
  begin(db: Database): Promise<Lookup>;
  /** Why a row cannot be taken, beyond its schema, or null. */
  refuse?(row: Row, lookup: Lookup): RowIssue | null;
  /** Writes, in the batch's transaction, what the batch's rows name that is not there yet (a new subcategory). */
  prepare?(tx: Database, lookup: Lookup, rows: readonly Row[]): Promise<void>;
  /** The kind's values of a row that was not refused, once prepared. */
  describe(row: Row, lookup: Lookup): KindValues<Details>;
  /** The kind's values of these products. */
  read(db: Database, productIds: readonly number[]): Promise<Map<number, Details>>;
  /** Inserts or replaces one product's values. */
  write(tx: Database, productId: number, details: Details): Promise<void>;
  /** Inserts the values of products just created, in one statement. */
  insert(tx: Database, created: readonly { readonly productId: number; readonly details: Details }[]): Promise<void>;
}

interface ProductSession<Lookup> {
  readonly lookup: Lookup;
  /** Set once any row changed the catalogue: the job's last transaction then reloads every instance's catalogue. */
  changed: boolean;
}

type StoredProduct = typeof products.$inferSelect;
const createdSchema = z.object({ rows: z.array(z.object({ id: z.number().int(), sku: z.string() })) });

const KIND_WORDS: Record<ProductKind, string> = { Tyre: 'a tyre', Wheel: 'a wheel', Merchandise: 'an accessory' };

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Objects compared by value, whatever order their keys were written in (a jsonb column gives them back sorted). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

async function productsBySku(db: Database, skus: readonly string[]): Promise<Map<string, StoredProduct>> {
  const keys = [...new Set(skus.map((sku) => sku.toUpperCase()))];
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(products)
    .where(anyOf(sql`upper(${products.sku})`, keys, 'text'));
  return new Map(rows.map((row) => [row.sku.toUpperCase(), row]));
}

/**
 * Slugs for new products, as the demo catalogue makes them (name and SKU), each one no product has yet: two SKUs that
 * differ only in case or punctuation would otherwise share one. `taken` holds the slugs known to be in use.
 */
async function freeSlug(tx: Database, base: string, taken: Set<string>): Promise<string> {
  if (!taken.has(base)) return base;
  const similar = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(like(products.slug, `${base}-%`));
  for (const row of similar) taken.add(row.slug);
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

async function takenSlugs(tx: Database, wanted: readonly string[]): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(anyOf(products.slug, [...new Set(wanted)], 'text'));
  return new Set(rows.map((row) => row.slug));
}

/** What a stopped job's committed batches owe: every instance reloads its catalogue once. */
export async function reloadEveryCatalogue(db: Database): Promise<void> {
  await announceCatalogueChange(db, { kind: 'all' });
}

/**
 * The importer of one kind of product, upserting by SKU (any case). A new SKU gets a slug and its drawn picture; an
 * existing product keeps its slug, and its picture when one was imported for it (picture_blob set). A SKU that is
 * another kind of product is refused. Nothing is written for a row that changes nothing.
 */
export function productImporter<Row extends ProductRowFields, Details, Lookup>(
  kind: ProductKindImport<Row, Details, Lookup>,
): EntityImporter<Row, Row, ProductSession<Lookup>> {
  return {
    fills: [products, kind.table],
    begin: async (db) => ({ lookup: await kind.begin(db), changed: false }),

    async resolve(db, session, rows): Promise<ResolvedRow<Row>[]> {
      const existing = await productsBySku(
        db,
        rows.map(({ row }) => row.sku),
      );
      return rows.map(({ line, row }) => {
        const stored = existing.get(row.sku.toUpperCase());
        if (stored && stored.kind !== kind.kind) {
          return { line, issue: { column: 'sku', value: row.sku, reason: `is ${KIND_WORDS[stored.kind]}'s SKU` } };
        }
        const issue = kind.refuse?.(row, session.lookup) ?? null;
        return issue ? { line, issue } : { line, resolved: row };
      });
    },

    async apply(tx, session, rows): Promise<AppliedCounts> {
      const counts = { created: 0, updated: 0, unchanged: 0 };
      const retired: number[] = [];
      await kind.prepare?.(tx, session.lookup, rows);
      const stored = await productsBySku(
        tx,
        rows.map((row) => row.sku),
      );
      const details = await kind.read(
        tx,
        [...stored.values()].map((product) => product.id),
      );
      const baseSlug = (row: Row) => `${slugify(row.name)}-${slugify(row.sku)}`;
      const taken = await takenSlugs(tx, rows.filter((row) => !stored.has(row.sku.toUpperCase())).map(baseSlug));
      // New products are written together after the loop: a row at a time, a catalogue of 100,000 took minutes.
      const fresh = new Map<string, { row: Row; values: KindValues<Details>; slug: string }>();
      for (const row of rows) {
        const values = kind.describe(row, session.lookup);
        const key = row.sku.toUpperCase();
        const current = stored.get(key);
        const fields = {
          name: row.name,
          brand: row.brand,
          tradeCents: row.trade,
          rrpCents: row.rrp,
          published: row.active,
        };
        if (!current) {
          // A SKU given twice among the batch's new products: its last row is the one created.
          const earlier = fresh.get(key);
          if (earlier) counts.unchanged += 1;
          else counts.created += 1;
          const slug = earlier?.slug ?? (await freeSlug(tx, baseSlug(row), taken));
          taken.add(slug);
          fresh.set(key, { row, values, slug });
          continue;
        }
        const next = {
          ...fields,
          description: row.description ?? current.description,
          // A picture imported for the product stays: only a drawn one follows the product's attributes.
          imageUrl: current.pictureBlob === null ? values.imageUrl : current.imageUrl,
        };
        const productChanged = (Object.keys(next) as (keyof typeof next)[]).some(
          (field) => next[field] !== current[field],
        );
        const detailsChanged = canonical(details.get(current.id)) !== canonical(values.details);
        if (!productChanged && !detailsChanged) {
          counts.unchanged += 1;
          continue;
        }
        if (productChanged) await tx.update(products).set(next).where(eq(products.id, current.id));
        if (current.published && !next.published) retired.push(current.id);
        if (detailsChanged) await kind.write(tx, current.id, values.details);
        stored.set(key, { ...current, ...next });
        details.set(current.id, values.details);
        counts.updated += 1;
      }
      if (fresh.size > 0) {
        const inserted = await tx.execute(sql`
          ${insertUnnested(
            products,
            ['kind', 'sku', 'slug', 'name', 'brand', 'description', 'imageUrl', 'tradeCents', 'rrpCents', 'published'],
            [...fresh.values()].map(({ row, values, slug }) => ({
              kind: kind.kind,
              sku: row.sku,
              slug,
              name: row.name,
              brand: row.brand,
              description: row.description ?? '',
              imageUrl: values.imageUrl,
              tradeCents: row.trade,
              rrpCents: row.rrp,
              published: row.active,
            })),
          )}
          returning id, sku`);
        const created = createdSchema.parse(inserted).rows;
        await kind.insert(
          tx,
          created.map((product) => ({
            productId: product.id,
            details: (fresh.get(product.sku.toUpperCase()) as { values: KindValues<Details> }).values.details,
          })),
        );
      }
      await reopenAccessoriesOfRetired(tx, retired);
      if (counts.created + counts.updated > 0) session.changed = true;
      return counts;
    },

    async finish(tx, session): Promise<AppliedCounts> {
      // One reload per job, however many batches: products are many, and a reload reads them all.
      if (session.changed) await announceCatalogueChange(tx, { kind: 'all' });
      return { created: 0, updated: 0, unchanged: 0 };
    },

    interrupted: reloadEveryCatalogue,
  };
}
