import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetail, RequestPage } from '../../src/contract/requests';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, createStaff } from '../support/fixtures';
import { storeEnquiry, storeSubmission } from '../support/request-fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

/**
 * Staff/Requests lists returns, claims, enquiries and applications in one queue, newest first, narrowed by kind,
 * status, assignee and search; Staff/Request shows one with the fields as the form sent them.
 */
describe('the requests queue', () => {
  let t: TestApp;
  let claims: Record<string, string>;
  let accountCode: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const catalogue = await createCatalogueFixture(db, new Date('2026-11-01T00:00:00Z'));
    const customer = await createCustomer(db, { code: 'C20001' });
    accountCode = customer.account.code;
    claims = bearer(await signInStaff(t.app, (await createStaff(db, 'claims')).email));
    await storeSubmission(db, {
      reference: 'RA-AAAA22',
      kind: 'ProductReturn',
      at: '2026-11-20T01:00:00Z',
      accountId: customer.account.id,
      email: 'pat@fixture.test',
      payload: {
        invoiceNumber: 'INV-1001',
        items: [{ lineNumber: 1, sku: 'T-100', quantity: 2, reasonCode: 'wrong-size' }],
        contactName: 'Pat Lee',
        contactEmail: 'pat@fixture.test',
        contactPhone: '0400 000 111',
        goodsCondition: true,
      },
    });
    await storeSubmission(db, {
      reference: 'TA-BBBB33',
      kind: 'RetailerRegister',
      at: '2026-11-21T01:00:00Z',
      email: 'owner@newtyres.test',
      payload: { legalName: 'New Tyres Pty Ltd', contactName: 'Sam Owner', email: 'owner@newtyres.test' },
    });
    await storeEnquiry(db, {
      reference: 'PE-CCCC44',
      productId: catalogue.tyres.t1,
      at: '2026-11-22T01:00:00Z',
      name: 'Jo Visitor',
      email: 'jo@visitor.test',
      message: 'Do you have four in stock?',
    });
  }, 60_000);
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: api(`Staff/Requests?${query}`), headers: claims });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RequestPage>();
  };

  it('lists every kind newest first, each new and unassigned until staff act on it', async () => {
    const page = await list('');
    expect(page).toMatchObject({ totalCount: 3, page: 1, totalPages: 1 });
    expect(page.items).toEqual([
      {
        reference: 'PE-CCCC44',
        kind: 'ProductEnquiry',
        status: 'new',
        submittedAt: '2026-11-22T01:00:00.000Z',
        senderName: 'Jo Visitor',
        senderEmail: 'jo@visitor.test',
        accountCode: null,
        assignee: null,
      },
      {
        reference: 'TA-BBBB33',
        kind: 'RetailerRegister',
        status: 'new',
        submittedAt: '2026-11-21T01:00:00.000Z',
        senderName: 'Sam Owner',
        senderEmail: 'owner@newtyres.test',
        accountCode: null,
        assignee: null,
      },
      {
        reference: 'RA-AAAA22',
        kind: 'ProductReturn',
        status: 'new',
        submittedAt: '2026-11-20T01:00:00.000Z',
        senderName: 'Pat Lee',
        senderEmail: 'pat@fixture.test',
        accountCode: 'C20001',
        assignee: null,
      },
    ]);
  });

  it('narrows by kind, status, assignee and search', async () => {
    expect((await list('kind=ProductReturn')).items.map((item) => item.reference)).toEqual(['RA-AAAA22']);
    expect((await list('status=declined')).totalCount).toBe(0);
    expect((await list('status=new')).totalCount).toBe(3);
    expect((await list('assignee=nobody')).totalCount).toBe(3);
    expect((await list('assignee=me')).totalCount).toBe(0);
    expect((await list(`search=${accountCode.toLowerCase()}`)).items.map((item) => item.reference)).toEqual([
      'RA-AAAA22',
    ]);
    expect((await list('search=jo%40visitor')).items.map((item) => item.reference)).toEqual(['PE-CCCC44']);
    expect((await list('search=bbbb')).items.map((item) => item.reference)).toEqual(['TA-BBBB33']);
    expect((await list('search=%25')).totalCount).toBe(0);
  });

  it('refuses an unknown kind or status', async () => {
    for (const query of ['kind=Order', 'status=lost']) {
      const response = await t.app.inject({ method: 'GET', url: api(`Staff/Requests?${query}`), headers: claims });
      expect(response.statusCode).toBe(400);
    }
  });

  it('shows a request with its fields as the form sent them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api('Staff/Request?reference=ra-aaaa22'),
      headers: claims,
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<RequestDetail>();
    expect(detail).toMatchObject({ reference: 'RA-AAAA22', status: 'new', photos: [], notes: [], audit: [] });
    expect(detail.fields).toEqual([
      { label: 'Invoice number', value: 'INV-1001' },
      { label: 'Items 1: Line number', value: '1' },
      { label: 'Items 1: Sku', value: 'T-100' },
      { label: 'Items 1: Quantity', value: '2' },
      { label: 'Items 1: Reason code', value: 'wrong-size' },
      { label: 'Contact name', value: 'Pat Lee' },
      { label: 'Contact email', value: 'pat@fixture.test' },
      { label: 'Contact phone', value: '0400 000 111' },
      { label: 'Goods condition', value: 'Yes' },
    ]);
  });

  it('shows a product enquiry with its product', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api('Staff/Request?reference=PE-CCCC44'),
      headers: claims,
    });
    expect(response.json<RequestDetail>().fields.map((field) => field.label)).toEqual([
      'Product',
      'Name',
      'Email',
      'Message',
    ]);
  });

  it('answers 404 for a reference nobody was given', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api('Staff/Request?reference=WC-ZZZZ99'),
      headers: claims,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: 'There is no request WC-ZZZZ99.' });
  });

  it('is for claims staff and administrators only', async () => {
    for (const role of ['sales', 'credit', 'content'] as const) {
      const session = bearer(await signInStaff(t.app, (await createStaff(t.database.db, role)).email));
      const response = await t.app.inject({ method: 'GET', url: api('Staff/Requests'), headers: session });
      expect(response.statusCode, role).toBe(403);
    }
    const administrator = bearer(await signInStaff(t.app, (await createStaff(t.database.db)).email));
    expect((await t.app.inject({ method: 'GET', url: api('Staff/Requests'), headers: administrator })).statusCode).toBe(
      200,
    );
  });
});
