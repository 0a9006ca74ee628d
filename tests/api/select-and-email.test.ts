import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SelectAndEmailRequest } from '../../src/contract/catalogue-forms';
import type { Problem } from '../../src/contract/problem';
import { customerPrices, productQuoteEmails } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { createFileImporter } from '../support/import-file';
import { readOutbox } from '../support/outbox';
import { type TestApp, api, createTestApp } from '../support/test-app';

let t: TestApp;
let dataDir: string;
let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;
let dealer: Record<string, string>;
let dealerAccountId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-quote-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  fixture = await createCatalogueFixture(t.database.db, t.clock.now);
  await t.app.catalogue.reload();
  const customer = await createCustomer(t.database.db, { state: 'VIC', name: 'Counter Tyres Pty Ltd' });
  dealerAccountId = customer.account.id;
  dealer = bearer(await signIn(t.app, customer.email));
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (payload: SelectAndEmailRequest | object, headers: Record<string, string> = dealer) =>
  t.app.inject({ method: 'POST', url: api('Form/SelectAndEmail'), payload, headers });

function lastMailTo(address: string) {
  const mail = readOutbox(dataDir)
    .filter((entry) => entry.to === address)
    .at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

describe('Form/SelectAndEmail', () => {
  it("mails a front/rear pair and a single tyre as a quote with the account's trade prices and stock, and keeps the lines", async () => {
    const response = await send({
      to: 'retail.customer@example.test',
      recipientName: 'Alex',
      note: 'As discussed at the counter.',
      products: [
        { id: 'pair-1', front: fixture.tyres.t1, rear: fixture.tyres.t2, quantity: 2 },
        { id: 'one', front: fixture.tyres.t5, equipmentId: fixture.merchandise.m1, quantity: 4 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const receipt = response.json() as { reference: string; message: string; lineCount: number };
    expect(receipt.reference).toMatch(/^QT-[2-9A-Z]{6}$/);
    expect(receipt.lineCount).toBe(4);
    expect(receipt.message).toBe(`Sent 2 products to retail.customer@example.test (quote ${receipt.reference}).`);

    const mail = lastMailTo('retail.customer@example.test');
    expect(mail.subject).toBe(`Quote ${receipt.reference} from Counter Tyres Pty Ltd`);
    // Pair: Alpha T1 trade $200 (Melbourne holds 10: local for VIC), Alpha T2 trade $180 (supplier stock only).
    expect(mail.body).toContain('1. Front: Alpha Road One 265/65R17 112H');
    expect(mail.body).toContain('$200.00 ea (Trade) = $400.00 excl. GST');
    expect(mail.body).toContain('In stock (10)');
    expect(mail.body).toContain('1. Rear: Alpha Road One 265/70R16 112T');
    expect(mail.body).toContain('$180.00 ea (Trade) = $360.00 excl. GST');
    expect(mail.body).toContain('Supplier stock (50)');
    expect(mail.body).toContain('2. Charlie Eco 205/55R16 91V');
    expect(mail.body).toContain('2. Equipment: Gorilla Conical Nut M12x1.5');
    expect(mail.body).toContain('As discussed at the counter.');
    // 400 + 360 + 4 x 100 + 4 x 2 = $1,168.00
    expect(mail.body).toContain('Total of priced lines: $1,168.00 excl. GST');
    expect(mail.body).toContain('<table');

    const [row] = await t.database.db
      .select()
      .from(productQuoteEmails)
      .where(eq(productQuoteEmails.reference, receipt.reference));
    expect(row).toMatchObject({
      accountId: dealerAccountId,
      toEmail: 'retail.customer@example.test',
      priceMode: 'Trade',
    });
    expect(row?.lines).toHaveLength(4);
  });

  it("prices each line at its quantity, so the account's own quantity break shows in the quote", async () => {
    // T3 is Bravo at $150 trade; the account pays $120 from 4.
    await t.database.db
      .insert(customerPrices)
      .values({ accountId: dealerAccountId, productId: fixture.tyres.t3, minQuantity: 4, priceCents: 12_000 });
    t.app.catalogue.forgetAccount(dealerAccountId);
    const quote = async (quantity: number) => {
      const response = await send({
        to: 'break.customer@example.test',
        products: [{ id: 'one', front: fixture.tyres.t3, quantity }],
      });
      expect(response.statusCode, response.body).toBe(200);
      return lastMailTo('break.customer@example.test').body;
    };
    expect(await quote(3)).toContain('$150.00 ea (Trade) = $450.00 excl. GST');
    expect(await quote(4)).toContain('$120.00 ea (Trade) = $480.00 excl. GST');
  });

  it('shows RRP or no price as the counter switch says, but never more than the account may see', async () => {
    // Any SPEC.md §3 spelling of the mode: 'Rrp' is RRP, 'None' is Hide.
    const rrp = await send({
      to: 'rrp@example.test',
      priceMode: 'Rrp',
      products: [{ id: 'a', front: fixture.tyres.t1, quantity: 4 }],
    });
    expect(rrp.statusCode, rrp.body).toBe(200);
    expect(lastMailTo('rrp@example.test').body).toContain('$300.00 ea (RRP) = $1,200.00 excl. GST');

    const hidden = await send({
      to: 'hidden@example.test',
      priceMode: 'None',
      products: [{ id: 'a', front: fixture.tyres.t1, quantity: 4 }],
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const hiddenMail = lastMailTo('hidden@example.test');
    expect(hiddenMail.body).toContain('Price on request');
    expect(hiddenMail.body).not.toContain('$300.00');
    expect(hiddenMail.body).not.toContain('$200.00');

    const rrpAccount = await createCustomer(t.database.db, { priceDisplay: 'RRP' });
    const asked = await send(
      {
        to: 'rrp-account@example.test',
        priceMode: 'Trade',
        products: [{ id: 'a', front: fixture.tyres.t1, quantity: 1 }],
      },
      bearer(await signIn(t.app, rrpAccount.email)),
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const body = lastMailTo('rrp-account@example.test').body;
    expect(body).toContain('$300.00 ea (RRP)');
    expect(body).not.toContain('$200.00');
  });

  it('refuses visitors and staff who are not acting for a customer', async () => {
    const payload = { to: 'x@example.test', products: [{ id: 'a', front: fixture.tyres.t1 }] };
    expect((await send(payload, {})).statusCode).toBe(401);
    const staff = await createStaff(t.database.db);
    const login = await t.app.inject({
      method: 'POST',
      url: api('Staff/Login'),
      payload: { email: staff.email, password: 'Fixture!2345' },
    });
    expect((await send(payload, bearer(login.json() as { token: string }))).statusCode).toBe(403);
  });

  it('answers bad input per field and sends nothing', async () => {
    const before = readOutbox(dataDir).length;
    const unknown = await send({
      to: 'x@example.test',
      products: [{ id: 'a', front: fixture.tyres.t1, rear: 999_999 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as Problem).validationErrors).toEqual([
      { name: 'products.0.rear', reason: 'This product is not in the catalogue' },
    ]);

    const empty = await send({ to: 'not-an-address', products: [] });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as Problem).validationErrors.map((error) => error.name).sort()).toEqual(['products', 'to']);

    const tooMany = await send({
      to: 'x@example.test',
      products: Array.from({ length: 31 }, (_, i) => ({ id: String(i), front: fixture.tyres.t1 })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(readOutbox(dataDir).length).toBe(before);
  });

  it('says when stock on order is expected, as the feed dates it', async () => {
    const importFile = await createFileImporter(t, t.clock.now);
    await importFile('inbound-stock', 'sku,warehouse,quantity,expected\nT3,SYDNEY,5,2026-12-12\n');
    await importFile.dispose();
    await t.app.catalogue.reload();
    const response = await send({
      to: 'on-order@example.test',
      products: [{ id: 'bravo', front: fixture.tyres.t3, quantity: 4 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(lastMailTo('on-order@example.test').body).toContain('On order, expected 12 Dec');
  });
});
