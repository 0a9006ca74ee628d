import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CheckoutData, CompleteResult } from '../../src/contract/checkout';
import type { Database } from '../../src/server/db/client';
import { merchandise, merchandiseCategories, productStock, products } from '../../src/server/db/schema';
import { catalogueImageUrl } from '../../src/server/integrations/images/catalogue-image-urls';
import { createCartFixture } from './cart-fixtures';
import { type AccountValues, bearer, createCustomer, signIn } from './fixtures';
import { api } from './test-app';

/**
 * The cart fixture plus 40 of T5 in MELBOURNE, and two items priced $10.05 (G1, G2) held in MELBOURNE, so that GST lands on half a cent:
 * one of them is $1.005 of GST (rounds to $1.01), both together $2.01 (not 2 × $1.01).
 */
export async function createCheckoutFixture(db: Database, now: Date) {
  const cart = await createCartFixture(db, now);
  const [caps] = await db.select().from(merchandiseCategories).where(eq(merchandiseCategories.slug, 'caps'));
  if (!caps) throw new Error('caps category missing');
  const item = async (sku: string) => {
    const [row] = await db
      .insert(products)
      .values({
        kind: 'Merchandise',
        sku,
        slug: sku.toLowerCase(),
        name: `YHI Beanie ${sku}`,
        brand: 'YHI',
        rrpCents: 2_000,
        tradeCents: 1_005,
        imageUrl: catalogueImageUrl({ kind: 'merchandise', subcategory: 'fixture' }),
      })
      .returning();
    if (!row) throw new Error('item not created');
    await db.insert(merchandise).values({ productId: row.id, categoryId: caps.id, specs: {} });
    await db
      .insert(productStock)
      .values({ productId: row.id, warehouseId: cart.warehouses.MELBOURNE as number, quantity: 30 });
    return row.id;
  };
  await db
    .insert(productStock)
    .values({ productId: cart.tyres.t5, warehouseId: cart.warehouses.MELBOURNE as number, quantity: 40 });
  return { ...cart, halfCentGst: { g1: await item('G1'), g2: await item('G2') } };
}

/** The quantity of `productId` on hand in one warehouse; undefined when the warehouse has never held it. */
export async function stockIn(db: Database, productId: number, warehouseId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.warehouseId, warehouseId)));
  return row?.quantity;
}

/** A customer in Melbourne, where the fixture's MELBOURNE stock is local, with credit for any order a test places. */
export const MELBOURNE_DEALER = {
  state: 'VIC',
  deliveryAddress1: '1 Trade St',
  deliveryCity: 'Melbourne',
  deliveryPostcode: '3000',
  creditLimitCents: 10_000_000,
} as const satisfies AccountValues;

/** A new MELBOURNE_DEALER (with `values` over it) signed in: its account, its headers and its checkout calls. */
export async function signedInDealer(app: FastifyInstance, db: Database, values: AccountValues = {}) {
  const customer = await createCustomer(db, { ...MELBOURNE_DEALER, ...values });
  const headers = bearer(await signIn(app, customer.email));
  return { customer, headers, calls: checkoutCalls(app, headers) };
}

/** The calls of the checkout page, as one customer session makes them. */
export function checkoutCalls(app: FastifyInstance, headers: Record<string, string>) {
  const post = (path: string, payload?: object, extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: api(path), headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) });
  const get = (path: string) => app.inject({ method: 'GET', url: api(path), headers });
  return {
    post,
    get,
    checkout: async () => {
      const response = await get('Checkout/Get');
      if (response.statusCode !== 200) throw new Error(`Checkout/Get: ${response.statusCode} ${response.body}`);
      return response.json() as CheckoutData;
    },
    add: async (productId: number, quantity: number) => {
      const response = await post('Checkout/Add', { productId, quantity });
      if (response.statusCode !== 200) throw new Error(`Checkout/Add: ${response.statusCode} ${response.body}`);
      return response.json() as CheckoutData;
    },
    clear: () => post('Cart/Clear'),
    complete: (payload: object, idempotencyKey?: string) =>
      post('Checkout/Complete', payload, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    completed: async (payload: object, idempotencyKey?: string) => {
      const response = await post(
        'Checkout/Complete',
        payload,
        idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      );
      if (response.statusCode !== 200) throw new Error(`Checkout/Complete: ${response.statusCode} ${response.body}`);
      return response.json() as CompleteResult;
    },
  };
}

/** The browser posting a card order's Redirect to the sandbox payment page and pressing Pay or Decline there. */
export function payOnSandbox(
  app: FastifyInstance,
  redirect: Extract<CompleteResult, { orderResult: 'Redirect' }>,
  action: 'pay' | 'decline',
) {
  return app.inject({
    method: 'POST',
    url: api('PaymentSandbox/Complete'),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...Object.fromEntries(redirect.keys.map((key, index) => [key, redirect.values[index] ?? ''])),
      action,
    }).toString(),
  });
}
