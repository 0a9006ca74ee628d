import { BlockBlobClient } from '@azure/storage-blob';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationEvent } from '../../src/contract/events';
import type { FormReceipt } from '../../src/contract/forms';
import type { UploadTarget } from '../../src/contract/upload';
import type { RunningAzurite } from '../../src/server/integrations/storage/azurite';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { startTestAzurite } from '../support/azurite';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { feedEvents } from '../support/event-feed';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { createInvoice } from '../support/invoice-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

// The real time: the storage emulator checks upload SAS expiry against it.
const NOW = new Date();
const CONTACT = { contactName: 'Pat Lee', contactEmail: 'pat@fixture.test', contactPhone: '0400 000 111' };

/**
 * Returns, warranty claims, trade applications and product enquiries are told the ERP in the transaction that stores
 * them; a form that is refused stores nothing and tells nothing.
 */
describe('events out for forms', () => {
  let azurite: RunningAzurite;
  let t: TestApp;
  let dataDir: string;
  let headers: Record<string, string>;
  let accountCode: string;
  let eventsKey: string;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;

  beforeAll(async () => {
    azurite = await startTestAzurite();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-form-events-'));
    t = await createTestApp({
      now: NOW,
      env: { AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString, DATA_DIR: dataDir },
    });
    fixture = await createCatalogueFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
    const customer = await createCustomer(t.database.db);
    accountCode = customer.account.code;
    headers = bearer(await signIn(t.app, customer.email));
    await createInvoice(t.database.db, customer.account.id, { invoiceNumber: 'INV-200100' });
    eventsKey = (await createIntegrationKey(t.database.db, 'erp', ['events'])).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await azurite?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const feed = () => feedEvents(t.app, eventsKey);
  const post = (route: string, payload: object, as: Record<string, string> = headers) =>
    t.app.inject({
      method: 'POST',
      url: api(route),
      payload: { ...payload, captchaToken: 'local-captcha' },
      headers: as,
    });
  /** Sends the form, expects it taken, and answers its receipt and the one event it wrote. */
  const submitted = async (route: string, payload: object, as?: Record<string, string>) => {
    const before = (await feed()).length;
    const response = await post(route, payload, as);
    expect(response.statusCode, response.body).toBe(200);
    // The feed holds back events while any older transaction on the server is still running.
    await eventually(async () => (await feed()).length > before);
    const events = (await feed()).slice(before);
    expect(events).toHaveLength(1);
    return { receipt: response.json() as FormReceipt, event: events[0] as IntegrationEvent };
  };
  const uploadedPhoto = async (name: string) => {
    const response = await post('Upload/Token', { fileName: name });
    expect(response.statusCode).toBe(200);
    const target = response.json() as UploadTarget;
    await new BlockBlobClient(target.sasUri).uploadData(Buffer.from('photo bytes'), {
      blobHTTPHeaders: { blobContentType: 'image/jpeg' },
    });
    return { fileName: target.fileName, originalFileName: name };
  };

  it('writes return.requested with the invoice lines to return and their reasons', async () => {
    const request = {
      invoiceNumber: 'INV-200100',
      items: [{ lineNumber: 2, sku: 'TY-2657016-AT', quantity: 4, reasonCode: 'ordered-in-error' }],
      comments: 'Wrong load index.',
      goodsCondition: true,
      ...CONTACT,
    };
    const { receipt, event } = await submitted('Form/ProductReturn', request);
    expect(event).toMatchObject({
      type: 'return.requested',
      occurredAt: NOW.toISOString(),
      schemaVersion: 1,
    });
    expect(event.data).toEqual({
      reference: receipt.reference,
      accountCode,
      invoiceNumber: 'INV-200100',
      items: [
        {
          lineNumber: 2,
          sku: 'TY-2657016-AT',
          quantity: 4,
          reasonCode: 'ordered-in-error',
          reason: 'Ordered in error',
        },
      ],
      comments: 'Wrong load index.',
      contact: { name: 'Pat Lee', email: 'pat@fixture.test', phone: '0400 000 111' },
    });

    const before = (await feed()).length;
    const refused = await post('Form/ProductReturn', { ...request, invoiceNumber: 'INV-999999' });
    expect(refused.statusCode).toBe(400);
    expect(await feed()).toHaveLength(before);
  });

  it('writes warranty_claim.submitted with its photos, each with a link an integration key opens', async () => {
    const photos = [await uploadedPhoto('bulge.jpg'), await uploadedPhoto('dot-code.jpg')];
    const claim = {
      invoiceNumber: 'INV-200100',
      claimType: 'sidewall-defect',
      brand: 'Marshal',
      tyreSize: '235/45R18',
      dotSerial: 'DOT U2LL LMLR 0924',
      treadDepthMm: 6.5,
      kilometres: 12000,
      vehicle: 'Toyota Camry 2021',
      faultDescription: 'Bulge on the outer sidewall after 12,000 km.',
      photos,
      ...CONTACT,
    };
    const { receipt, event } = await submitted('Form/WarrantyClaim', claim);
    expect(event.type).toBe('warranty_claim.submitted');
    expect(event.data).toMatchObject({
      reference: receipt.reference,
      accountCode,
      invoiceNumber: 'INV-200100',
      claimType: 'sidewall-defect',
      brand: 'Marshal',
      tyreSize: '235/45R18',
      pattern: null,
      dotSerial: 'DOT U2LL LMLR 0924',
      treadDepthMm: 6.5,
      kilometres: 12000,
      endCustomerName: null,
      photos: [
        { blobName: photos[0]?.fileName, container: 'uploads', originalFileName: 'bulge.jpg' },
        { blobName: photos[1]?.fileName, container: 'uploads', originalFileName: 'dot-code.jpg' },
      ],
    });
    expect(photos[0]?.fileName.startsWith(`${accountCode}/`)).toBe(true);

    // Each photo's link opens it with an integration key that reads events, and with no other.
    const [first] = (event.data as { photos: { url: string }[] }).photos;
    const link = new URL(first?.url ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/yhi/api/Integration/UploadedFile');
    const open = (key: string, query = link.search) =>
      t.app.inject({
        method: 'GET',
        url: `${link.pathname}${query}`,
        headers: { authorization: `Bearer ${key}` },
      });
    const photo = await open(eventsKey);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-disposition']).toBe('attachment; filename="bulge.jpg"');
    expect(photo.rawPayload.toString()).toBe('photo bytes');
    const stockKey = (await createIntegrationKey(t.database.db, 'stock-feed', ['stock'])).token;
    expect((await open(stockKey)).statusCode).toBe(403);
    // A file no submission took is as unknown as one that never existed.
    const stray = await uploadedPhoto('stray.jpg');
    expect((await open(eventsKey, `?${new URLSearchParams({ name: stray.fileName })}`)).statusCode).toBe(404);

    const before = (await feed()).length;
    const refused = await post('Form/WarrantyClaim', { ...claim, dotSerial: 'DOT U2LL LMLR 6024' });
    expect(refused.statusCode).toBe(400);
    expect(await feed()).toHaveLength(before);
  });

  it('writes application.dealer for a dealer program application', async () => {
    const { receipt, event } = await submitted('Dealer/Register', {
      program: 'AssociateDealer',
      serviceBays: 4,
      monthlyTyreUnits: 120,
      ...CONTACT,
    });
    expect(event).toMatchObject({ type: 'application.dealer', schemaVersion: 1 });
    expect(event.data).toEqual({
      reference: receipt.reference,
      accountCode,
      program: 'AssociateDealer',
      serviceBays: 4,
      monthlyTyreUnits: 120,
      brandsStocked: null,
      message: null,
      contact: { name: 'Pat Lee', email: 'pat@fixture.test', phone: '0400 000 111' },
    });

    const before = (await feed()).length;
    expect(
      (await post('Dealer/Register', { program: 'Nope', serviceBays: 4, monthlyTyreUnits: 1, ...CONTACT })).statusCode,
    ).toBe(400);
    expect(await feed()).toHaveLength(before);
  });

  it('writes application.retailer for a trade account application', async () => {
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
    };
    const { receipt, event } = await submitted('Form/RetailerRegister', application, {});
    expect(event).toMatchObject({ type: 'application.retailer', schemaVersion: 1 });
    expect(event.data).toEqual({
      reference: receipt.reference,
      legalName: 'Coastal Wheels Pty Ltd',
      tradingName: 'Coastal Wheels',
      abn: '51824753556',
      businessType: 'Tyre retailer',
      yearsTrading: 6,
      address: { address1: '12 Harbour St', suburb: 'Geelong', state: 'VIC', postcode: '3220' },
      position: null,
      website: null,
      monthlySpend: '$5,000 to $20,000',
      tradeReferences: [
        { company: 'Bay Auto Parts', contactName: 'Lee', phone: '03 5222 1111' },
        { company: 'Western Fleet', contactName: 'Kim', phone: '03 5222 2222' },
      ],
      contact: { name: 'Sam Reid', email: 'sam@coastalwheels.test', phone: '0412 345 678' },
    });

    const before = (await feed()).length;
    expect((await post('Form/RetailerRegister', { ...application, abn: '51 824 753 557' }, {})).statusCode).toBe(400);
    expect(await feed()).toHaveLength(before);
  });

  it('writes enquiry.submitted for a product enquiry, with the account of a dealer signed in', async () => {
    const enquiry = {
      productId: fixture.tyres.t1,
      name: 'Sam Counter',
      email: 'sam@garage.test',
      phone: '03 9555 1234',
      quantity: 4,
      message: 'Do you have four of these for Friday?',
    };
    const { receipt, event } = await submitted('Form/ProductEnquiry', enquiry);
    expect(event).toMatchObject({ type: 'enquiry.submitted', schemaVersion: 1 });
    expect(event.data).toEqual({
      reference: receipt.reference,
      accountCode,
      sku: 'T1',
      productName: 'Alpha Road One 265/65R17 112H',
      quantity: 4,
      message: 'Do you have four of these for Friday?',
      contact: { name: 'Sam Counter', email: 'sam@garage.test', phone: '03 9555 1234' },
    });
    const visitor = await submitted('Form/ProductEnquiry', enquiry, {});
    expect(visitor.event.data).toMatchObject({ reference: visitor.receipt.reference, accountCode: null });

    const before = (await feed()).length;
    expect((await post('Form/ProductEnquiry', { ...enquiry, productId: 999_999 })).statusCode).toBe(400);
    expect(await feed()).toHaveLength(before);
  });
});
