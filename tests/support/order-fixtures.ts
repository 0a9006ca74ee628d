import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { orders } from '../../src/server/db/schema';

type OrderValues = Partial<typeof orders.$inferInsert>;

let cartRevision = 1;

/** An order of the account written straight to the database (order placement is the checkout's business). */
export async function createOrder(db: Database, accountId: number, values: OrderValues = {}) {
  const totalCents = values.totalCents ?? 11_000;
  const [order] = await db
    .insert(orders)
    .values({
      accountId,
      cartRevision: cartRevision++,
      status: 'PendingPayment',
      paymentMethodSystemName: 'Payments.Card',
      shippingMethodName: 'Standard',
      deliveryAddress1: '1 Fixture Street',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
      deliveryState: 'VIC',
      subtotalCents: Math.round(totalCents / 1.1),
      discountCents: 0,
      shippingCents: 0,
      taxCents: totalCents - Math.round(totalCents / 1.1),
      totalCents,
      placedAt: new Date(),
      ...values,
    })
    .returning();
  if (!order) throw new Error('order not created');
  return order;
}

export async function orderById(db: Database, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new Error(`no order ${id}`);
  return order;
}
