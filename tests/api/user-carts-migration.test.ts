import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';

/** The migration that moved carts from accounts to users, applied to a database holding account carts. */
describe('moving carts from accounts to users', () => {
  let client: PGlite;
  let before: string;
  const db = () => drizzle(client);
  const rows = async (query: ReturnType<typeof sql>) => (await db().execute(query)).rows;

  beforeAll(async () => {
    // Every migration before this one, then the data as it stood, then the rest.
    before = await mkdtemp(path.join(tmpdir(), 'user-carts-'));
    await cp(migrationsFolder, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag.endsWith('_user_carts'));
    expect(index).toBeGreaterThan(0);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    client = new PGlite();
    await migrate(db(), { migrationsFolder: before });
    await client.exec(`
      insert into accounts (id, code, name, state) values (1, 'A1', 'One', 'VIC'), (2, 'A2', 'No users', 'VIC');
      insert into users (id, account_id, email, name, password_hash)
        values (10, 1, 'first@x.test', 'First', ''), (11, 1, 'second@x.test', 'Second', '');
      insert into products (id, kind, sku, slug, name, brand, image_url, rrp_cents, trade_cents)
        values (1, 'Merchandise', 'M1', 'm1', 'Cap', 'YHI', '/i.svg', 100, 90);
      insert into carts (account_id, revision, discount_code) values (1, 7, 'SAVE10'), (2, 1, null);
      insert into cart_items (account_id, product_id, quantity) values (1, 1, 2), (2, 1, 5);
      insert into checkout_selections (account_id, shipping_method) values (1, 'Pickup');
      insert into orders (account_id, user_id, cart_revision, status, payment_method_system_name, shipping_method_name,
          delivery_address1, delivery_city, delivery_postcode, delivery_state, subtotal_cents, discount_cents,
          shipping_cents, tax_cents, total_cents, placed_at)
        values (1, 11, 5, 'Placed', 'Payments.TradingAccount', 'Standard', 'a', 'b', '3000', 'VIC', 0, 0, 0, 0, 0, now()),
          (1, 10, 4, 'Placed', 'Payments.TradingAccount', 'Standard', 'a', 'b', '3000', 'VIC', 0, 0, 0, 0, 0, now());
    `);
    await migrate(db(), { migrationsFolder });
  }, 60_000);
  afterAll(async () => {
    await client.close();
    await rm(before, { recursive: true, force: true });
  });

  it("gives an account's cart, its lines and checkout choices to its first user, keeping its revision", async () => {
    expect(await rows(sql`select user_id, revision, discount_code from carts where user_id = 10`)).toEqual([
      { user_id: 10, revision: 7, discount_code: 'SAVE10' },
    ]);
    expect(await rows(sql`select user_id, product_id, quantity from cart_items`)).toEqual([
      { user_id: 10, product_id: 1, quantity: 2 },
    ]);
    expect(await rows(sql`select user_id, shipping_method from checkout_selections`)).toEqual([
      { user_id: 10, shipping_method: 'Pickup' },
    ]);
  });

  it("starts every other user who placed orders past their orders' revisions, and drops carts of no user", async () => {
    expect(await rows(sql`select user_id, revision from carts order by user_id`)).toEqual([
      { user_id: 10, revision: 7 },
      { user_id: 11, revision: 6 },
    ]);
  });
});
