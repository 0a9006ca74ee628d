import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayPalResult, PaymentMethod } from '../../src/contract/checkout';
import { invoices, orders, payments } from '../../src/server/db/schema';
import { type checkoutCalls, createCheckoutFixture, signedInDealer, stockIn } from '../support/checkout-fixtures';
import { type FakePayPal, startFakePayPal } from '../support/fake-paypal';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('PayPal at checkout: the server creates the PayPal order and captures it when the order is placed', () => {
  let paypal: FakePayPal;
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let dealerAccountId: number;
  let other: ReturnType<typeof checkoutCalls>;

  const db = () => t.database.db;
  const t5Stock = () => stockIn(db(), fixture.tyres.t5, fixture.warehouses.MELBOURNE as number);
  const payPalOrder = async (calls: ReturnType<typeof checkoutCalls>) => {
    const response = await calls.post('Checkout/PayPalOrder');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PayPalResult;
  };

  beforeAll(async () => {
    paypal = await startFakePayPal();
    t = await createTestApp({
      now: NOW,
      env: paypal.env,
    });
    fixture = await createCheckoutFixture(db(), NOW);
    const { customer: dealerCustomer, calls } = await signedInDealer(t.app, db());
    dealerAccountId = dealerCustomer.account.id;
    dealer = calls;
    other = (await signedInDealer(t.app, db())).calls;
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  it('offers PayPal while the shop has PayPal credentials', async () => {
    const methods = (await dealer.get('Checkout/PaymentMethod')).json() as PaymentMethod[];
    expect(methods.map((method) => method.paymentMethodSystemName)).toEqual([
      'Payments.TradingAccount',
      'Payments.PayPal',
      'Payments.Card',
    ]);
  });

  it('creates a PayPal order for the checkout total, captures it on Complete and places the order as Paid', async () => {
    await dealer.add(fixture.tyres.t5, 1);
    const created = await payPalOrder(dealer);
    expect(created).toEqual({
      paypalClientId: paypal.clientId,
      paypalOrderId: expect.any(String),
      paypalOrderTotal: '110.00',
    });
    expect(paypal.orders.get(created.paypalOrderId)?.amount).toEqual({ currency_code: 'AUD', value: '110.00' });

    const result = await dealer.completed({
      paymentMethod: 'Payments.PayPal',
      paypalOrderId: created.paypalOrderId,
      stockNumber: 'PP-1',
    });
    expect(result).toEqual({ orderResult: 'Completed', orderId: expect.any(Number) });
    const [order] = await db().select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({
      status: 'Paid',
      paymentMethodSystemName: 'Payments.PayPal',
      paypalOrderId: created.paypalOrderId,
      totalCents: 11_000,
      paidAt: NOW,
      stockNumber: 'PP-1',
    });
    const [payment] = await db().select().from(payments).where(eq(payments.reference, created.paypalOrderId));
    expect(payment).toMatchObject({
      accountId: dealerAccountId,
      method: 'Payments.PayPal',
      status: 'Completed',
      orderId: result.orderId,
      amountCents: 11_000,
    });
    expect(await db().select().from(invoices).where(eq(invoices.orderId, result.orderId))).toEqual([]);
    expect(
      paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${created.paypalOrderId}/capture`),
    ).toHaveLength(1);
    expect((await dealer.checkout()).shoppingCart.items).toEqual([]);
    // Submitting the same approval again answers the same order and captures nothing more.
    expect(await dealer.completed({ paymentMethod: 'Payments.PayPal', paypalOrderId: created.paypalOrderId })).toEqual(
      result,
    );
    expect(paypal.requests.filter((request) => request.path.endsWith('/capture'))).toHaveLength(1);
  });

  it('a capture PayPal refuses places nothing and answers the provider’s words; the cart and stock stay', async () => {
    await dealer.add(fixture.tyres.t5, 2);
    const stockBefore = await t5Stock();
    const ordersBefore = (await db().select().from(orders)).length;
    try {
      paypal.captureWith('unprocessable');
      const first = await payPalOrder(dealer);
      const refused = await dealer.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId: first.paypalOrderId });
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({
        isError: true,
        detail: expect.stringContaining('declined by the processor or bank'),
      });

      // The buyer tries again: a new PayPal order, whose capture comes back DECLINED.
      paypal.captureWith('declined');
      const second = await payPalOrder(dealer);
      expect(second.paypalOrderId).not.toBe(first.paypalOrderId);
      const declined = await dealer.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId: second.paypalOrderId });
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toMatchObject({
        detail: 'PayPal declined the payment. Please choose another way to pay.',
      });

      expect((await db().select().from(orders)).length).toBe(ordersBefore);
      expect(await t5Stock()).toBe(stockBefore);
      expect((await dealer.checkout()).shoppingCart.totalProducts).toBe(2);
      expect((await db().select().from(payments).where(eq(payments.reference, second.paypalOrderId)))[0]?.status).toBe(
        'Pending',
      );
    } finally {
      paypal.captureWith('complete');
    }
    const third = await payPalOrder(dealer);
    expect(
      (await dealer.completed({ paymentMethod: 'Payments.PayPal', paypalOrderId: third.paypalOrderId })).orderResult,
    ).toBe('Completed');
    expect(await t5Stock()).toBe((stockBefore as number) - 2);
  });

  it('refuses a PayPal order whose checkout total has changed, another account’s PayPal order, and a submit without one', async () => {
    await dealer.add(fixture.tyres.t5, 1);
    const { paypalOrderId } = await payPalOrder(dealer);
    await dealer.add(fixture.halfCentGst.g1, 1);
    const changed = await dealer.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      detail: 'The order total changed after PayPal was opened. Please pay again.',
    });

    await other.add(fixture.tyres.t5, 2);
    expect((await other.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId })).statusCode).toBe(400);
    const missing = await other.complete({ paymentMethod: 'Payments.PayPal' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ reason: 'Approve the payment with PayPal first.' }] });
    expect(
      paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${paypalOrderId}/capture`),
    ).toEqual([]);
  });

  it('an empty cart gets no PayPal order', async () => {
    await dealer.clear();
    expect((await dealer.post('Checkout/PayPalOrder')).statusCode).toBe(400);
  });
});
