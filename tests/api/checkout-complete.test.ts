import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDIT_LIMIT_REACHED, type CompleteResult, type OrderSummary } from '../../src/contract/checkout';
import {
  carts,
  invoiceLines,
  invoices,
  orderAllocations,
  orderLines,
  orders,
  payments,
  pitPassEntries,
} from '../../src/server/db/schema';
import { pointsForPurchase } from '../../src/server/modules/pit-pass/pit-pass';
import { checkoutCalls, createCheckoutFixture, stockIn } from '../support/checkout-fixtures';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { impersonate, sessionHeaders, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const DAY_MS = 86_400_000;

describe('Checkout/Complete places the order: lines, stock allocation, invoice, payment methods, access', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let dealerAccountId: number;
  let dealerUserId: number;
  let onHold: ReturnType<typeof checkoutCalls>;
  let nearLimit: ReturnType<typeof checkoutCalls>;
  let nearLimitAccountId: number;
  let other: ReturnType<typeof checkoutCalls>;
  let staffHeaders: Record<string, string>;
  let staffId: number;
  let impersonating: ReturnType<typeof checkoutCalls>;
  let impersonatedAccountId: number;

  const db = () => t.database.db;
  const stockOf = (productId: number, warehouse: string) =>
    stockIn(db(), productId, fixture.warehouses[warehouse] as number);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCheckoutFixture(db(), NOW);
    const address = {
      state: 'VIC',
      deliveryAddress1: '1 Trade St',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
    };
    const dealerCustomer = await createCustomer(db(), {
      ...address,
      creditLimitCents: 10_000_000,
      termsDays: 30,
      hasPitPass: true,
    });
    const onHoldCustomer = await createCustomer(db(), { ...address, creditLimitCents: 0 });
    const nearLimitCustomer = await createCustomer(db(), { ...address, creditLimitCents: 50_000 });
    const otherCustomer = await createCustomer(db(), { ...address, creditLimitCents: 10_000_000 });
    const impersonated = await createCustomer(db(), { ...address, creditLimitCents: 10_000_000 });
    dealerAccountId = dealerCustomer.account.id;
    dealerUserId = dealerCustomer.user.id;
    nearLimitAccountId = nearLimitCustomer.account.id;
    impersonatedAccountId = impersonated.account.id;
    dealer = checkoutCalls(t.app, bearer(await signIn(t.app, dealerCustomer.email)));
    onHold = checkoutCalls(t.app, bearer(await signIn(t.app, onHoldCustomer.email)));
    nearLimit = checkoutCalls(t.app, bearer(await signIn(t.app, nearLimitCustomer.email)));
    other = checkoutCalls(t.app, bearer(await signIn(t.app, otherCustomer.email)));
    const staffUser = await createStaff(db());
    staffId = staffUser.id;
    const staffSession = await signInStaff(t.app, staffUser.email);
    staffHeaders = sessionHeaders(staffSession);
    impersonating = checkoutCalls(
      t.app,
      sessionHeaders(await impersonate(t.app, staffSession, impersonated.account.id)),
    );
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await dealer.clear();
  });

  it('a Trading Account order: lines with accessories as children, stock taken per warehouse, an invoice due in 30 days, the cart emptied', async () => {
    const wheel = (await dealer.add(fixture.wheels.w1, 4)).shoppingCart.items[0]?.id as number;
    expect(
      (await dealer.post('Cart/Vehicle', { id: wheel, vehicleId: fixture.vehicles.hilux, action: 'CheckAndAdd' }))
        .statusCode,
    ).toBe(200);
    const accessories = await dealer.post('Cart/Accessories', {
      id: wheel,
      productIds: [fixture.merchandise.m1, fixture.accessories.lock, fixture.accessories.valveRubber],
    });
    expect(accessories.statusCode, accessories.body).toBe(200);
    const checkout = await dealer.add(fixture.tyres.t1, 2);
    const [revisionBefore] = await db()
      .select({ revision: carts.revision })
      .from(carts)
      .where(eq(carts.userId, dealerUserId));
    const before = {
      w1: await stockOf(fixture.wheels.w1, 'BRISBANE'),
      t1: await stockOf(fixture.tyres.t1, 'MELBOURNE'),
      lock: await stockOf(fixture.accessories.lock, 'SYDNEY'),
      nuts: await stockOf(fixture.merchandise.m1, 'MELBOURNE'),
    };

    const result = await dealer.completed({
      stockNumber: ' STK-1 ',
      orderNumber: 'PO-778',
      deliveryNotes: 'Back dock',
      paymentMethod: 'Payments.TradingAccount',
    });
    expect(result).toEqual({ orderResult: 'Completed', orderId: expect.any(Number) });

    const [order] = await db().select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({
      accountId: dealerAccountId,
      status: 'Placed',
      paymentMethodSystemName: 'Payments.TradingAccount',
      stockNumber: 'STK-1',
      customerOrderNumber: 'PO-778',
      deliveryNotes: 'Back dock',
      shippingMethodName: 'Standard',
      cartRevision: revisionBefore?.revision,
      impersonatorStaffId: null,
      subtotalCents: checkout.orderTotals.subTotal.cents,
      shippingCents: checkout.orderTotals.shipping.cents,
      taxCents: checkout.orderTotals.tax.cents,
      totalCents: checkout.orderTotals.orderTotal.cents,
    });
    const lines = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, result.orderId))
      .orderBy(orderLines.id);
    const wheelLine = lines.find((line) => line.sku === 'W1');
    expect(wheelLine).toMatchObject({
      quantity: 4,
      unitPriceCents: 28_000,
      lineTotalCents: 112_000,
      vehicleDescription: 'Toyota HiLux N80 SR5 4x4',
      parentLineId: null,
    });
    expect(
      lines
        .filter((line) => line.parentLineId === wheelLine?.id)
        .map((line) => [line.sku, line.quantity, line.lineTotalCents]),
    ).toEqual([
      ['M1', 24, 4_800],
      ['L1', 1, 6_000],
      ['V1', 4, 400],
    ]);
    expect(lines.find((line) => line.sku === 'T1')).toMatchObject({
      quantity: 2,
      parentLineId: null,
      lineTotalCents: 40_000,
    });

    const allocations = await db().select().from(orderAllocations).where(eq(orderAllocations.orderId, result.orderId));
    expect(allocations.map((row) => [row.productId, row.warehouseId, row.quantity]).sort()).toEqual(
      [
        [fixture.wheels.w1, fixture.warehouses.BRISBANE, 4],
        [fixture.merchandise.m1, fixture.warehouses.MELBOURNE, 24],
        [fixture.accessories.lock, fixture.warehouses.SYDNEY, 1],
        [fixture.accessories.valveRubber, fixture.warehouses.MELBOURNE, 4],
        [fixture.tyres.t1, fixture.warehouses.MELBOURNE, 2],
      ].sort(),
    );
    expect(await stockOf(fixture.wheels.w1, 'BRISBANE')).toBe((before.w1 as number) - 4);
    expect(await stockOf(fixture.tyres.t1, 'MELBOURNE')).toBe((before.t1 as number) - 2);
    expect(await stockOf(fixture.accessories.lock, 'SYDNEY')).toBe((before.lock as number) - 1);
    expect(await stockOf(fixture.merchandise.m1, 'MELBOURNE')).toBe((before.nuts as number) - 24);

    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, result.orderId));
    expect(invoice?.invoiceNumber).toBe(`INV${String(invoice?.id).padStart(8, '0')}`);
    expect(invoice).toMatchObject({
      accountId: dealerAccountId,
      totalCents: order?.totalCents,
      taxCents: order?.taxCents,
      paidCents: 0,
    });
    expect(invoice?.dueAt.getTime()).toBe(NOW.getTime() + 30 * DAY_MS);
    const invoiced = await db()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice?.id as number));
    expect(invoiced.map((line) => [line.sku, line.brand, line.category])).toEqual(
      expect.arrayContaining([
        ['W1', 'Delta', 'Wheels'],
        ['T1', 'Alpha', 'Tyres'],
        ['M1', 'Gorilla', 'Wheel Nuts'],
        ['L1', 'YHI', 'Wheel Locks'],
      ]),
    );
    expect(invoiced.reduce((sum, line) => sum + line.lineTotalCents, 0)).toBe(order?.subtotalCents);
    // A Pit Pass member earns points on the invoice.
    const earned = await db()
      .select()
      .from(pitPassEntries)
      .where(eq(pitPassEntries.invoiceId, invoice?.id as number));
    expect(earned.map((entry) => entry.points)).toEqual([pointsForPurchase(order?.subtotalCents as number)]);
    expect(earned[0]?.points).toBeGreaterThan(0);

    const after = await dealer.checkout();
    expect(after.shoppingCart.items).toEqual([]);
    const [revisionAfter] = await db()
      .select({ revision: carts.revision })
      .from(carts)
      .where(eq(carts.userId, dealerUserId));
    expect(revisionAfter?.revision).toBe((revisionBefore?.revision as number) + 1);
    // The read model shows the stock that is left.
    const again = await dealer.add(fixture.tyres.t1, 1);
    expect(again.shoppingCart.items[0]?.stock.stockQuantity).toBe((before.t1 as number) - 2);

    const success = await dealer.get(`Checkout/Success?id=${result.orderId}`);
    expect(success.statusCode).toBe(200);
    const summary = success.json() as OrderSummary;
    expect(summary).toMatchObject({
      orderId: result.orderId,
      status: 'Placed',
      paymentMethod: 'Trading Account',
      stockNumber: 'STK-1',
      orderNumber: 'PO-778',
      deliveryNotes: 'Back dock',
      shippingMethod: 'Standard',
      address: { address1: '1 Trade St', city: 'Melbourne', zipPostalCode: '3000', state: 'VIC' },
      invoiceNumber: invoice?.invoiceNumber,
      invoiceDueAt: invoice?.dueAt.toISOString(),
      orderTotals: checkout.orderTotals,
    });
    expect(summary.lines.map((line) => [line.sku, line.isAccessory, line.vehicle])).toEqual([
      ['W1', false, 'Toyota HiLux N80 SR5 4x4'],
      ['M1', true, null],
      ['L1', true, null],
      ['V1', true, null],
      ['T1', false, null],
    ]);
  });

  it('Success shows only the caller account’s orders', async () => {
    await dealer.add(fixture.tyres.t5, 1);
    const { orderId } = await dealer.completed({ paymentMethod: 'Payments.TradingAccount' });
    expect((await other.get(`Checkout/Success?id=${orderId}`)).statusCode).toBe(404);
    expect((await dealer.get(`Checkout/Success?id=${orderId + 1000}`)).statusCode).toBe(404);
    expect((await dealer.get('Checkout/Success?id=abc')).statusCode).toBe(400);
  });

  it('refuses an order the stock cannot cover, naming what is short, and places nothing', async () => {
    const line = (await dealer.add(fixture.tyres.t4, 6)).shoppingCart.items[0]?.id;
    const ordersBefore = (await db().select().from(orders)).length;
    const refused = await dealer.complete({ paymentMethod: 'Payments.TradingAccount' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: 'Not enough stock: Bravo Sport 225/45R17 94W RunFlat (T4): only 4 of 6 can ship now.',
      errors: [{ reason: 'Bravo Sport 225/45R17 94W RunFlat (T4): only 4 of 6 can ship now' }],
      validationErrors: [
        { name: `items[${line}]`, reason: 'Bravo Sport 225/45R17 94W RunFlat (T4): only 4 of 6 can ship now' },
      ],
    });
    expect((await db().select().from(orders)).length).toBe(ordersBefore);
    expect((await dealer.checkout()).shoppingCart.totalProducts).toBe(6);
  });

  it('an empty cart places nothing', async () => {
    const refused = await other.complete({ paymentMethod: 'Payments.TradingAccount' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: 'Your cart is empty.' });
  });

  it('an account without credit (limit 0) is refused on account but may pay by card', async () => {
    await onHold.add(fixture.tyres.t5, 1);
    expect((await onHold.get('Checkout/CreditLimit')).json()).toBe(true);
    const refused = await onHold.complete({ paymentMethod: 'Payments.TradingAccount' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: CREDIT_LIMIT_REACHED, errors: [{ reason: CREDIT_LIMIT_REACHED }] });
    expect((await onHold.checkout()).shoppingCart.totalProducts).toBe(1);
    const card = await onHold.completed({ paymentMethod: 'Payments.Card' });
    expect(card.orderResult).toBe('Redirect');
  });

  it('credit used is what invoices still owe: an order taking it past the limit is refused until enough is paid', async () => {
    const [owing] = await db()
      .insert(invoices)
      .values({
        invoiceNumber: 'HIST-1',
        accountId: nearLimitAccountId,
        issuedAt: NOW,
        dueAt: NOW,
        subtotalCents: 9_091,
        taxCents: 909,
        totalCents: 10_000,
        paidCents: 0,
      })
      .returning();
    await nearLimit.add(fixture.tyres.t1, 2);
    // Owed $100 + this order $440 > limit $500.
    expect((await nearLimit.get('checkout/credit-limit')).json()).toBe(true);
    const refused = await nearLimit.complete({ paymentMethod: 'Payments.TradingAccount' });
    expect(refused.json()).toMatchObject({ status: 400, detail: CREDIT_LIMIT_REACHED });
    await db()
      .update(invoices)
      .set({ paidCents: 4_000 })
      .where(eq(invoices.id, owing?.id as number));
    // Owed $60 + $440 = $500: within the limit.
    expect((await nearLimit.get('Checkout/CreditLimit')).json()).toBe(false);
    expect((await nearLimit.completed({ paymentMethod: 'Payments.TradingAccount' })).orderResult).toBe('Completed');
    expect((await nearLimit.get('Checkout/CreditLimit')).json()).toBe(true);
  });

  it('card: the order waits for its payment, holding its stock, and the answer is the hosted page to post to; the cart stays; a retry answers the same order', async () => {
    await dealer.add(fixture.tyres.t5, 1);
    const { orderResult, orderId, ...redirect } = (await dealer.completed({
      paymentMethod: 'Payments.Card',
    })) as Extract<CompleteResult, { orderResult: 'Redirect' }>;
    expect(orderResult).toBe('Redirect');
    expect(redirect.url).toMatch(/\S/);
    expect(redirect.keys.length).toBeGreaterThan(0);
    expect(redirect.values).toHaveLength(redirect.keys.length);
    expect(redirect.values[redirect.keys.indexOf('returnUrl')]).toContain(`/checkout/success/${orderId}`);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'PendingPayment',
      paymentMethodSystemName: 'Payments.Card',
      totalCents: 11_000,
      reservedUntil: new Date(NOW.getTime() + 30 * 60_000),
    });
    expect(await db().select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
    const pending = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(pending.map((payment) => [payment.method, payment.status, payment.amountCents])).toEqual([
      ['Payments.Card', 'Pending', 11_000],
    ]);
    // The cart is emptied only once the payment succeeds (tests/api/checkout-payment-reservation.test.ts).
    expect((await dealer.checkout()).shoppingCart.totalProducts).toBe(1);
    const retry = await dealer.completed({ paymentMethod: 'Payments.Card' });
    expect(retry).toMatchObject({ orderResult: 'Redirect', orderId });
  });

  it('PayPal is refused while the shop has no PayPal credentials', async () => {
    await dealer.add(fixture.tyres.t5, 1);
    expect((await dealer.post('Checkout/PayPalOrder')).statusCode).toBe(400);
    expect((await dealer.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId: 'X1' })).statusCode).toBe(400);
  });

  it('staff acting as a customer place the customer’s order, recorded with both identities', async () => {
    await impersonating.add(fixture.tyres.t5, 1);
    const { orderId } = await impersonating.completed({ paymentMethod: 'Payments.TradingAccount' });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ accountId: impersonatedAccountId, impersonatorStaffId: staffId });
  });

  it('staff not acting as a customer get 403 and visitors 401 from every checkout route', async () => {
    for (const [method, path] of [
      ['GET', 'Checkout/Get'],
      ['POST', 'Checkout/Complete'],
      ['GET', 'Checkout/Success?id=1'],
      ['GET', 'Checkout/CreditLimit'],
      ['POST', 'Checkout/PayPalOrder'],
    ] as const) {
      expect(
        (
          await t.app.inject({
            method,
            url: api(path),
            headers: staffHeaders,
            payload: { paymentMethod: 'Payments.TradingAccount' },
          })
        ).statusCode,
        path,
      ).toBe(403);
      expect(
        (await t.app.inject({ method, url: api(path), payload: { paymentMethod: 'Payments.TradingAccount' } }))
          .statusCode,
        path,
      ).toBe(401);
    }
  });

  it('refuses stock and order numbers over 35 characters with the messages of SPEC.md §5, and a bad Idempotency-Key', async () => {
    await dealer.add(fixture.tyres.t5, 1);
    const stock = await dealer.complete({ stockNumber: 'S'.repeat(36), paymentMethod: 'Payments.TradingAccount' });
    expect(stock.statusCode).toBe(400);
    expect(stock.json()).toMatchObject({
      validationErrors: [{ reason: 'Stock number can only be 35 characters long' }],
    });
    const order = await dealer.complete({ orderNumber: 'O'.repeat(36), paymentMethod: 'Payments.TradingAccount' });
    expect(order.json()).toMatchObject({
      validationErrors: [{ reason: 'Order number can only be 35 characters long' }],
    });
    const key = await dealer.complete({ paymentMethod: 'Payments.TradingAccount' }, 'k'.repeat(101));
    expect(key.statusCode).toBe(400);
    expect((await dealer.complete({ paymentMethod: 'Payments.Cash' })).statusCode).toBe(400);
    expect((await dealer.checkout()).shoppingCart.totalProducts).toBe(1);
  });
});
