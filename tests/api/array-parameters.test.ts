import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anyOf, arrayLiteral, insertUnnested } from '../../src/server/db/array-parameters';
import { products } from '../../src/server/db/schema';
import { type TestDatabase, createTestDatabase } from '../support/test-database';

const AWKWARD = [
  'plain',
  '',
  ' spaced ',
  'a,b',
  '{braces}',
  'say "hi"',
  'back\\slash',
  'NULL',
  'émoji 🛞',
  'new\nline',
];

/** A batch's values as one array parameter per column reach the database exactly as given, whatever they hold. */
describe('array parameters', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('round-trips text that needs quoting, and nulls, through a text array', async () => {
    const values = [...AWKWARD, null];
    const result = await database.db.execute(sql`select ${arrayLiteral(values)}::text[] as values`);
    const [row] = z.object({ rows: z.array(z.object({ values: z.array(z.string().nullable()) })) }).parse(result).rows;
    expect(row?.values).toEqual(values);
  });

  it('inserts every row of a batch in one statement, and finds them by any of their SKUs', async () => {
    const rows = AWKWARD.map((name, i) => ({
      kind: 'Tyre' as const,
      sku: `ARR${i}`,
      slug: `arr-${i}`,
      name,
      brand: 'Brand "B"',
      imageUrl: '/images/tyres/x.svg',
      tradeCents: 1_000 + i,
      rrpCents: 2_000 + i,
      published: i % 2 === 0,
    }));
    await database.db.execute(
      insertUnnested(
        products,
        ['kind', 'sku', 'slug', 'name', 'brand', 'imageUrl', 'tradeCents', 'rrpCents', 'published'],
        rows,
      ),
    );

    const found = await database.db
      .select({
        kind: products.kind,
        sku: products.sku,
        slug: products.slug,
        name: products.name,
        brand: products.brand,
        imageUrl: products.imageUrl,
        tradeCents: products.tradeCents,
        rrpCents: products.rrpCents,
        published: products.published,
      })
      .from(products)
      .where(anyOf(products.sku, ['ARR0', 'ARR6', 'ARR9', 'NONE'], 'text'))
      .orderBy(products.sku);
    expect(found).toEqual([rows[0], rows[6], rows[9]]);
    const [withId] = await database.db.select({ id: products.id }).from(products).where(eq(products.sku, 'ARR4'));
    const byId = await database.db
      .select({ name: products.name })
      .from(products)
      .where(anyOf(products.id, [withId?.id ?? 0], 'int'));
    expect(byId).toEqual([{ name: '{braces}' }]);
  });
});
