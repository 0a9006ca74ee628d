import { randomUUID } from 'node:crypto';
import { eq, sum } from 'drizzle-orm';
import type { OrderStatusBody } from '../../src/contract/order-fulfilment';
import type { Database } from '../../src/server/db/client';
import { productStock } from '../../src/server/db/schema';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { type checkoutCalls, createCheckoutFixture, signedInDealer } from './checkout-fixtures';
import { type TestApp, api } from './test-app';

/** A dealer with room on account, an ERP key with the orders scope and one without, and the checkout fixture. */
export async function orderStatusSetup(t: TestApp, now: Date) {
  const fixture = await createCheckoutFixture(t.database.db, now);
  await t.app.catalogue.reload();
  const ordersKey = (await createIntegrationKey(t.database.db, 'erp', ['orders'])).token;
  const eventsKey = (await createIntegrationKey(t.database.db, 'erp-events', ['events'])).token;
  const dealer = (contactEmail?: string) => signedInDealer(t.app, t.database.db, contactEmail ? { contactEmail } : {});
  /** A Trading Account order of `quantity` of tyre T1; answers its order number. */
  const placeOrder = async (calls: ReturnType<typeof checkoutCalls>, quantity = 2) => {
    await calls.add(fixture.tyres.t1, quantity);
    const placed = await calls.completed({ paymentMethod: 'Payments.TradingAccount' });
    return String(placed.orderId);
  };
  const postStatus = (
    body: Partial<OrderStatusBody>,
    options: { key?: string | null; idempotencyKey?: string } = {},
  ) => {
    const key = options.key === undefined ? ordersKey : options.key;
    return t.app.inject({
      method: 'POST',
      url: api('Integration/Orders/Status'),
      headers: {
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
        'idempotency-key': options.idempotencyKey ?? randomUUID(),
      },
      payload: body,
    });
  };
  return { fixture, ordersKey, eventsKey, dealer, placeOrder, postStatus };
}

/** What the warehouses hold of a product, all together. */
export async function stockOf(db: Database, productId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: sum(productStock.quantity) })
    .from(productStock)
    .where(eq(productStock.productId, productId));
  return Number(row?.quantity ?? 0);
}

export const SHIPPED = {
  status: 'Shipped',
  carrier: 'StarTrack',
  consignment: 'ST123456',
  trackingUrl: 'https://track.example.test/ST123456',
} as const;
