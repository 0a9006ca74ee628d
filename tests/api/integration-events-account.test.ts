import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDetailsRequest } from '../../src/contract/account';
import type { IntegrationEvent } from '../../src/contract/events';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { eventsOnce, feedEvents } from '../support/event-feed';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

const details: AccountDetailsRequest = {
  contactName: 'Jo Citizen',
  phone: '(03) 9555 0100',
  email: 'Accounts@Example.com.au',
  deliveryAddress: { address1: '12 Smith Street', city: 'Fitzroy', postcode: '3065', state: 'VIC' },
  billingSameAsDelivery: true,
  billingAddress: null,
  preferences: { priceDisplay: 'RRP', useTabNavigation: true },
};

/** Account/Details saved tells the ERP which fields changed and their new values, in the transaction that saves them. */
describe('events out for account details', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let accountCode: string;
  let eventsKey: string;

  const isChange = (event: IntegrationEvent) => event.type === 'account.changed';
  const changes = async () => (await feedEvents(t.app, eventsKey)).filter(isChange);
  /** The account.changed events once `count` show. */
  const changesOnce = (count: number) => eventsOnce(t.app, eventsKey, isChange, count);
  const save = (payload: object) => t.app.inject({ method: 'POST', url: api('Account/Details'), headers, payload });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const customer = await createCustomer(t.database.db, { state: 'VIC' });
    accountCode = customer.account.code;
    headers = bearer(await signIn(t.app, customer.email));
    eventsKey = (await createIntegrationKey(t.database.db, 'erp', ['events'])).token;
  });
  afterAll(() => t.close());

  it('writes account.changed with the fields that changed and their new values', async () => {
    expect((await save(details)).statusCode).toBe(200);
    const [first] = await changesOnce(1);
    expect(first).toMatchObject({
      type: 'account.changed',
      occurredAt: '2026-11-22T02:00:00.000Z',
      schemaVersion: 1,
    });
    expect(first?.data).toEqual({
      accountCode,
      changedFields: ['contactName', 'phone', 'email', 'deliveryAddress', 'priceDisplay'],
      changes: {
        contactName: 'Jo Citizen',
        phone: '(03) 9555 0100',
        email: 'accounts@example.com.au',
        deliveryAddress: { address1: '12 Smith Street', city: 'Fitzroy', postcode: '3065', state: 'VIC' },
        priceDisplay: 'RRP',
      },
    });

    const billing = { address1: 'PO Box 9', city: 'Collingwood', postcode: '3066', state: 'VIC' };
    expect((await save({ ...details, billingSameAsDelivery: false, billingAddress: billing })).statusCode).toBe(200);
    const second = (await changesOnce(2))[1];
    expect(second?.data).toEqual({
      accountCode,
      changedFields: ['billingAddress'],
      changes: { billingAddress: billing },
    });

    expect((await save(details)).statusCode).toBe(200);
    expect((await changesOnce(3))[2]?.data).toEqual({
      accountCode,
      changedFields: ['billingAddress'],
      changes: { billingAddress: null },
    });
  });

  it('writes no event when nothing changed or the details are refused', async () => {
    const before = (await changesOnce(3)).length;
    expect((await save(details)).statusCode).toBe(200);
    expect((await save({ ...details, phone: '12' })).statusCode).toBe(400);
    expect(await changes()).toHaveLength(before);
  });
});
