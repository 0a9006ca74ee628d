import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDetails } from '../../src/contract/account';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

/**
 * A stored enumeration that is no longer one of its choices (written before the contract checked it, by hand, or by a
 * release with a choice this one dropped) reads as its column's fallback: the account keeps working and can repair it.
 */
describe('a stored choice that is no longer valid', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let accountId: number;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const customer = await createCustomer(t.database.db, { priceDisplay: 'RRP' });
    accountId = customer.account.id;
    userId = customer.user.id;
    headers = bearer(await signIn(t.app, customer.email));
    const chosen = await t.app.inject({
      method: 'POST',
      url: api('Checkout/PaymentMethod'),
      headers,
      payload: { paymentMethodSystemName: 'Payments.Card' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await t.database.db.execute(sql`update accounts set price_display = 'constructor' where id = ${accountId}`);
    await t.database.db.execute(
      sql`update checkout_selections set payment_method_system_name = '__proto__' where user_id = ${userId}`,
    );
  });
  afterAll(() => t.close());

  it.each([
    ['GET', 'Account/Details'],
    ['POST', 'Tyre/Search'],
    ['GET', 'Cart/Get'],
    ['GET', 'Order/History'],
    ['GET', 'Checkout/Get'],
  ] as const)('%s %s still answers 200', async (method, path) => {
    const response = await t.app.inject({
      method,
      url: api(path),
      headers,
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('reads the price display as Trade, the column default, and the payment method as not chosen yet', async () => {
    const details = (
      await t.app.inject({ method: 'GET', url: api('Account/Details'), headers })
    ).json() as AccountDetails;
    expect(details.preferences.priceDisplay).toBe('Trade');
    const methods = (await t.app.inject({ method: 'GET', url: api('Checkout/PaymentMethod'), headers })).json() as {
      selected: boolean;
      paymentMethodSystemName: string;
    }[];
    // With nothing chosen, Trading Account is selected.
    expect(methods.filter((method) => method.selected).map((method) => method.paymentMethodSystemName)).toEqual([
      'Payments.TradingAccount',
    ]);
  });

  it('is repaired by saving the account page', async () => {
    const details = (
      await t.app.inject({ method: 'GET', url: api('Account/Details'), headers })
    ).json() as AccountDetails;
    const saved = await t.app.inject({
      method: 'POST',
      url: api('Account/Details'),
      headers,
      payload: {
        contactName: 'Jo Citizen',
        phone: '(03) 9555 0100',
        email: 'jo@example.com.au',
        deliveryAddress: { address1: '12 Smith Street', city: 'Fitzroy', postcode: '3065', state: 'VIC' },
        billingSameAsDelivery: true,
        billingAddress: null,
        preferences: { ...details.preferences, priceDisplay: 'Hide' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The column as stored, not as read through its fallback.
    const stored = (await t.database.db.execute(
      sql`select price_display from accounts where id = ${accountId}`,
    )) as unknown as { rows: { price_display: string }[] };
    expect(stored.rows).toEqual([{ price_display: 'Hide' }]);
  });
});
