import { BlockBlobClient } from '@azure/storage-blob';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormLookups, FormReceipt } from '../../src/contract/forms';
import type { Problem } from '../../src/contract/problem';
import type { UploadTarget } from '../../src/contract/upload';
import { formSubmissions } from '../../src/server/db/schema';
import type { RunningAzurite } from '../../src/server/integrations/storage/azurite';
import { startTestAzurite } from '../support/azurite';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { sentMail } from '../support/outbox';
import { startSmtpRelay } from '../support/smtp-relay';
import { type TestApp, api, createTestApp } from '../support/test-app';

const SHOP = 'trade-desk@yhi.test';
let azurite: RunningAzurite;
let t: TestApp;
let dataDir: string;
let customerHeaders: Record<string, string>;

beforeAll(async () => {
  azurite = await startTestAzurite();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-forms-'));
  t = await createTestApp({
    env: { AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString, DATA_DIR: dataDir, SHOP_MAIL_TO: SHOP },
  });
  const customer = await createCustomer(t.database.db);
  customerHeaders = bearer(await signIn(t.app, customer.email));
  for (const invoiceNumber of ['INV-100234', 'INV-100777'])
    await createInvoice(t.database.db, customer.account.id, { invoiceNumber });
  const other = await createCustomer(t.database.db);
  await createInvoice(t.database.db, other.account.id, { invoiceNumber: 'INV-OTHER-1' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await azurite?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const outbox = () => sentMail(t.app, dataDir);

async function post(route: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: api(route), payload, headers });
}

async function expectStoredAndMailed(
  route: string,
  payload: object,
  recipient: string,
  headers?: Record<string, string>,
) {
  const before = (await outbox()).length;
  const response = await post(route, payload, headers);
  expect(response.statusCode, response.body).toBe(200);
  const receipt = response.json() as FormReceipt;
  expect(receipt.reference).toMatch(/^[A-Z]{2}-[2-9A-HJ-NP-Z]{6}$/);
  expect(receipt.message).toContain(receipt.reference);

  const [row] = await t.database.db
    .select()
    .from(formSubmissions)
    .where(eq(formSubmissions.reference, receipt.reference));
  expect(row?.email).toBe(recipient);
  expect(row?.payload).not.toHaveProperty('captchaToken');

  const mails = (await outbox()).slice(before);
  expect(mails.map((mail) => mail.to).sort()).toEqual([recipient, SHOP].sort());
  for (const mail of mails) {
    expect(mail.subject).toContain(receipt.reference);
  }
  return { receipt, row, mails };
}

const contact = {
  name: 'Jess Nguyen',
  email: 'Jess@Example.com.au',
  phone: '03 9555 0123',
  company: 'Nguyen Tyres',
  topic: 'Pricing',
  message: 'Can you quote 40 sets of 265/70R16 all-terrains?',
  captchaToken: 'local-captcha',
};

async function uploadedPhoto(name: string) {
  const response = await post('Upload/Token', { fileName: name, captchaToken: 'local-captcha' }, customerHeaders);
  expect(response.statusCode).toBe(200);
  const target = response.json() as UploadTarget;
  const type = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  await new BlockBlobClient(target.sasUri).uploadData(Buffer.from('photo bytes'), {
    blobHTTPHeaders: { blobContentType: type },
  });
  return { fileName: target.fileName, originalFileName: name };
}

describe('forms: stored, acknowledged with a reference, mailed to the sender and the shop', () => {
  it('Form/ContactUs', async () => {
    const { row, mails } = await expectStoredAndMailed('Form/ContactUs', contact, 'jess@example.com.au');
    expect(row?.kind).toBe('ContactUs');
    expect(row?.accountId).toBeNull();
    expect(mails.find((mail) => mail.to === SHOP)?.body).toContain('265/70R16');
  });

  it('Form/RetailerRegister checks the ABN checksum and needs two trade references', async () => {
    const application = {
      legalName: 'Coastal Wheels Pty Ltd',
      tradingName: 'Coastal Wheels',
      abn: '51 824 753 556',
      businessType: 'Tyre retailer',
      yearsTrading: 6,
      address: '12 Harbour St',
      suburb: 'Geelong',
      state: 'VIC',
      postcode: '3220',
      contactName: 'Sam Reid',
      email: 'sam@coastalwheels.test',
      phone: '0412 345 678',
      monthlySpend: '$5,000 to $20,000',
      tradeReferences: [
        { company: 'Bay Auto Parts', contactName: 'Lee', phone: '03 5222 1111' },
        { company: 'Western Fleet', contactName: 'Kim', phone: '03 5222 2222' },
      ],
      acceptTerms: true,
      captchaToken: 'local-captcha',
    };
    const bad = await post('Form/RetailerRegister', { ...application, abn: '51 824 753 557', tradeReferences: [] });
    expect(bad.statusCode).toBe(400);
    const names = (bad.json() as Problem).validationErrors.map((error) => error.name);
    expect(names).toEqual(expect.arrayContaining(['abn', 'tradeReferences']));

    const { row } = await expectStoredAndMailed('Form/RetailerRegister', application, 'sam@coastalwheels.test');
    expect(row?.payload).toMatchObject({ abn: '51824753556' });
  });

  it('Form/ProductReturn and Dealer/Register are for customers, and record the account', async () => {
    const request = {
      invoiceNumber: 'INV-100234',
      items: [{ lineNumber: 2, sku: 'TY-2657016-AT', quantity: 4, reasonCode: 'ordered-in-error' }],
      contactName: 'Pat Lee',
      contactEmail: 'pat@fixture.test',
      contactPhone: '0400 000 111',
      goodsCondition: true,
      captchaToken: 'local-captcha',
    };
    expect((await post('Form/ProductReturn', request)).statusCode).toBe(401);
    const badReason = await post(
      'Form/ProductReturn',
      { ...request, items: [{ ...request.items[0], reasonCode: 'because' }] },
      customerHeaders,
    );
    expect(badReason.statusCode).toBe(400);
    // Only the account's own invoices: another account's number is refused like one never issued.
    for (const invoiceNumber of ['INV-OTHER-1', 'INV-999999']) {
      const refused = await post('Form/ProductReturn', { ...request, invoiceNumber }, customerHeaders);
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as Problem).validationErrors.map((error) => error.name)).toEqual(['invoiceNumber']);
    }
    const { row, mails } = await expectStoredAndMailed(
      'Form/ProductReturn',
      request,
      'pat@fixture.test',
      customerHeaders,
    );
    expect(row?.accountId).not.toBeNull();
    expect(mails.find((mail) => mail.to === SHOP)?.body).toContain('Ordered in error');

    await expectStoredAndMailed(
      'Dealer/Register',
      {
        program: 'AssociateDealer',
        serviceBays: 4,
        monthlyTyreUnits: 120,
        contactName: 'Pat Lee',
        contactEmail: 'pat@fixture.test',
        contactPhone: '0400 000 111',
        captchaToken: 'local-captcha',
      },
      'pat@fixture.test',
      customerHeaders,
    );
  });

  it('Form/WarrantyClaim takes photos uploaded through this account only', async () => {
    const claim = {
      invoiceNumber: 'INV-100777',
      claimType: 'sidewall-defect',
      brand: 'Marshal',
      tyreSize: '235/45R18',
      dotSerial: 'DOT U2LL LMLR 0924',
      treadDepthMm: 6.5,
      kilometres: 12000,
      vehicle: 'Toyota Camry 2021',
      faultDescription: 'Bulge on the outer sidewall after 12,000 km.',
      photos: [await uploadedPhoto('bulge.jpg'), await uploadedPhoto('dot-code.png')],
      contactName: 'Pat Lee',
      contactEmail: 'pat@fixture.test',
      contactPhone: '0400 000 111',
      captchaToken: 'local-captcha',
    };
    const foreign = await post(
      'Form/WarrantyClaim',
      { ...claim, photos: [...claim.photos, { fileName: 'OTHER/2026-01/x.jpg', originalFileName: 'x.jpg' }] },
      customerHeaders,
    );
    expect(foreign.statusCode).toBe(400);
    expect((foreign.json() as Problem).validationErrors[0]?.name).toBe('photos');

    const foreignInvoice = await post(
      'Form/WarrantyClaim',
      { ...claim, invoiceNumber: 'inv-other-1' },
      customerHeaders,
    );
    expect((foreignInvoice.json() as Problem).validationErrors.map((error) => error.name)).toEqual(['invoiceNumber']);

    const badDot = await post('Form/WarrantyClaim', { ...claim, dotSerial: 'DOT U2LL LMLR 6024' }, customerHeaders);
    expect((badDot.json() as Problem).validationErrors.map((error) => error.name)).toEqual(['dotSerial']);

    const { mails } = await expectStoredAndMailed('Form/WarrantyClaim', claim, 'pat@fixture.test', customerHeaders);
    expect(mails.find((mail) => mail.to === SHOP)?.body).toContain('bulge.jpg');
  });
});

describe('captcha on the forms', () => {
  it('refuses a refused token with the CaptchaToken error, stores nothing, and takes a fresh token', async () => {
    const before = (await t.database.db.select().from(formSubmissions)).length;
    const refused = await post('Form/ContactUs', { ...contact, captchaToken: 'invalid-expired' });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as Problem).validationErrors).toEqual([
      { name: 'CaptchaToken', reason: 'Recaptcha token is invalid.' },
    ]);
    expect(await t.database.db.select().from(formSubmissions)).toHaveLength(before);

    const retried = await post('Form/ContactUs', { ...contact, captchaToken: 'fresh-token' });
    expect(retried.statusCode).toBe(200);
  });
});

describe('Form/Lookups', () => {
  it('lists return reasons, claim types, the states and the brands in the catalogue', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('Form/Lookups') });
    expect(response.statusCode).toBe(200);
    const lookups = response.json() as FormLookups;
    expect(lookups.returnReasons.map((reason) => reason.code)).toContain('ordered-in-error');
    expect(lookups.claimTypes.map((type) => type.code)).toContain('sidewall-defect');
    expect(lookups.states).toHaveLength(8);
    expect(Array.isArray(lookups.brands)).toBe(true);
  });
});

describe('mail through SMTP_URL', () => {
  it('delivers both mails to a real SMTP server', async () => {
    const relay = await startSmtpRelay();
    const smtp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${relay.port}`, SHOP_MAIL_TO: SHOP } });
    try {
      const response = await smtp.app.inject({ method: 'POST', url: api('Form/ContactUs'), payload: contact });
      expect(response.statusCode).toBe(200);
      const { reference } = response.json() as FormReceipt;
      expect(await smtp.app.sendQueuedMail()).toBe(2);
      const { received } = relay;
      expect(received.map((mail) => mail.to[0]).sort()).toEqual(['jess@example.com.au', SHOP].sort());
      for (const mail of received) expect(mail.data).toContain(reference);
    } finally {
      await smtp.close();
      await relay.close();
    }
  });
});
