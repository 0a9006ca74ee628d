import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../src/contract/checkout';
import { readConfig } from '../../src/server/config';
import { CARD_PAYMENTS_UNAVAILABLE } from '../../src/server/modules/payment/card-payments';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const SECRET = 'x'.repeat(32);

describe('the sandbox card page is for demos only', () => {
  it('is on in demo mode, or outside production when PAYMENT_SANDBOX=true says so, never with a gateway', () => {
    const sandbox = (env: Record<string, string>) => readConfig({ JWT_SECRET: SECRET, ...env }).paymentSandbox;
    expect(sandbox({ NODE_ENV: 'production', SEED_DEMO_DATA: 'false', CAPTCHA_LOCAL_MODE: 'accept' })).toBe(false);
    expect(sandbox({ SEED_DEMO_DATA: 'false' })).toBe(false);
    expect(sandbox({})).toBe(true);
    expect(sandbox({ SEED_DEMO_DATA: 'true', PAYMENT_SANDBOX: 'false' })).toBe(false);
    expect(sandbox({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' })).toBe(true);
    expect(() =>
      sandbox({
        NODE_ENV: 'production',
        SEED_DEMO_DATA: 'false',
        CAPTCHA_LOCAL_MODE: 'accept',
        PAYMENT_SANDBOX: 'true',
      }),
    ).toThrow(/PAYMENT_SANDBOX/);
    expect(sandbox({ NODE_ENV: 'development', SEED_DEMO_DATA: 'false', PAYMENT_SANDBOX: 'true' })).toBe(true);
    expect(sandbox({ PAYMENT_SANDBOX: 'true', PAYMENT_GATEWAY_URL: 'https://pay.example/hosted' })).toBe(false);
  });

  describe('off (production, no demo data, no gateway)', () => {
    let t: TestApp;
    let customer: Awaited<ReturnType<typeof createCustomer>>;

    beforeAll(async () => {
      t = await createTestApp({
        env: { NODE_ENV: 'production', CAPTCHA_LOCAL_MODE: 'accept', PAYMENT_SANDBOX: 'false' },
      });
      customer = await createCustomer(t.database.db, { creditLimitCents: 100_000 });
    });
    afterAll(() => t.close());

    it('does not serve the sandbox page, so nobody can settle an invoice through it', async () => {
      for (const path of ['PaymentSandbox/Pay', 'PaymentSandbox/Complete']) {
        const response = await t.app.inject({
          method: 'POST',
          url: api(path),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'reference=PAY-0000000000000000&action=pay',
        });
        expect(response.statusCode, path).toBe(404);
      }
    });

    it('offers no Credit Card, and refuses to start a card payment for an invoice', async () => {
      const session = await signIn(t.app, customer.email);
      const methods = await t.app.inject({
        method: 'GET',
        url: api('Checkout/PaymentMethod'),
        headers: bearer(session),
      });
      expect(methods.statusCode).toBe(200);
      expect(methods.json<PaymentMethod[]>().map((method) => method.paymentMethodSystemName)).toEqual([
        'Payments.TradingAccount',
      ]);
      const invoice = await createInvoice(t.database.db, customer.account.id);
      const started = await t.app.inject({
        method: 'GET',
        url: `${api('Payment/Invoice')}?id=${invoice.id}&clientDateTime=2026-11-22T13:00:00&timezone=Australia/Melbourne`,
        headers: bearer(session),
      });
      expect(started.statusCode).toBe(400);
      expect(started.json()).toMatchObject({ detail: CARD_PAYMENTS_UNAVAILABLE });
    });
  });
});
