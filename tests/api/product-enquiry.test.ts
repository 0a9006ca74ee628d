import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormReceipt } from '../../src/contract/forms';
import type { Problem } from '../../src/contract/problem';
import { productEnquiries } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { sentMail } from '../support/outbox';
import { type TestApp, api, createTestApp } from '../support/test-app';

const SHOP = 'trade-desk@yhi.test';
let t: TestApp;
let dataDir: string;
let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-enquiry-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, SHOP_MAIL_TO: SHOP } });
  fixture = await createCatalogueFixture(t.database.db, t.clock.now);
  await t.app.catalogue.reload();
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const enquiry = (overrides: object = {}) => ({
  productId: fixture.tyres.t1,
  name: 'Sam Counter',
  email: 'sam@garage.test',
  phone: '03 9555 1234',
  quantity: 4,
  message: 'Do you have four of these for Friday?',
  ...overrides,
});

const post = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: api('Form/ProductEnquiry'), payload, headers });

describe('Form/ProductEnquiry', () => {
  it('takes a visitor enquiry with a captcha token, stores it and mails the trade desk and the sender', async () => {
    const before = (await sentMail(t.app, dataDir)).length;
    const response = await post(enquiry({ captchaToken: 'browser-token' }));
    expect(response.statusCode, response.body).toBe(200);
    const receipt = response.json() as FormReceipt;
    expect(receipt.reference).toMatch(/^PE-[2-9A-Z]{6}$/);
    expect(receipt.message).toContain(receipt.reference);

    const [row] = await t.database.db
      .select()
      .from(productEnquiries)
      .where(eq(productEnquiries.reference, receipt.reference));
    expect(row).toMatchObject({
      productId: fixture.tyres.t1,
      accountId: null,
      email: 'sam@garage.test',
      quantity: 4,
      phone: '03 9555 1234',
    });

    const mails = (await sentMail(t.app, dataDir)).slice(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['sam@garage.test', SHOP]);
    const desk = mails.find((mail) => mail.to === SHOP);
    expect(desk?.subject).toContain(receipt.reference);
    expect(desk?.body).toContain('Alpha Road One 265/65R17 112H (SKU T1, 265/65R17 112H)');
    expect(desk?.body).toContain('Do you have four of these for Friday?');
    expect(desk?.body).toContain('Account: not signed in');
  });

  it('refuses a visitor without a captcha token, or with one the verifier refuses, storing nothing', async () => {
    const count = async () => (await t.database.db.select().from(productEnquiries)).length;
    const before = await count();
    for (const payload of [enquiry(), enquiry({ captchaToken: 'invalid-token' })]) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect((response.json() as Problem).validationErrors).toEqual([
        { name: 'CaptchaToken', reason: 'Recaptcha token is invalid.' },
      ]);
    }
    expect(await count()).toBe(before);
  });

  it('takes a signed-in customer without a captcha and records the account', async () => {
    const customer = await createCustomer(t.database.db);
    const response = await post(
      enquiry({ productId: fixture.wheels.w1, quantity: undefined }),
      bearer(await signIn(t.app, customer.email)),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { reference } = response.json() as FormReceipt;
    const [row] = await t.database.db.select().from(productEnquiries).where(eq(productEnquiries.reference, reference));
    expect(row).toMatchObject({
      productId: fixture.wheels.w1,
      accountId: customer.account.id,
      userId: customer.user.id,
      quantity: null,
    });
    const desk = (await sentMail(t.app, dataDir)).find((mail) => mail.to === SHOP && mail.subject.includes(reference));
    expect(desk?.body).toContain(`Account: ${customer.account.code}`);
  });

  it('answers bad input field by field', async () => {
    const unknown = await post(enquiry({ productId: 999_999, captchaToken: 'ok' }));
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as Problem).validationErrors).toEqual([
      { name: 'productId', reason: 'Choose a product from the catalogue' },
    ]);

    const empty = await post(enquiry({ message: '   ', email: 'not-an-email', quantity: 0, captchaToken: 'ok' }));
    expect(empty.statusCode).toBe(400);
    const names = (empty.json() as Problem).validationErrors.map((error) => error.name).sort();
    expect(names).toEqual(['email', 'message', 'quantity']);
  });
});
