import { randomUUID } from 'node:crypto';
import type { PayPalResult } from '../../../contract/checkout';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { problems } from '../../http/problem';
import { decimalOfCents } from '../../../domain/money';
import type { PayPalClient } from '../../integrations/payments/paypal';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { quoteCheckout } from './checkout-quote';
import { refuseUndecidedWheels, refuseUnavailableItems } from './place-order';
import { refuseShortages } from './shortage-refusal';

export interface PayPalCheckoutDeps {
  readonly db: Database;
  readonly catalogue: CatalogueReadModel;
  readonly config: Config;
  readonly now: Date;
  readonly paypal: Pick<PayPalClient, 'createOrder'>;
}

/**
 * Checkout/PayPalOrder, the PayPal buttons' createOrder: a PayPal order for the checkout's total, recorded as a
 * pending payment of the account, for the caller's cart, which Checkout/Complete later captures (and refuses if the total has changed).
 * Every call makes a new PayPal order: after a declined capture the buyer tries again with a fresh one, since PayPal
 * answers a repeated capture of the same order with the first answer.
 */
export async function createPayPalCheckoutOrder(
  deps: PayPalCheckoutDeps,
  customer: { accountId: number; userId: number },
): Promise<PayPalResult> {
  if (!deps.config.paypal) throw problems.badRequest('PayPal is not available.');
  const { accountId, userId } = customer;
  const quote = await quoteCheckout(
    { db: deps.db, catalogue: deps.catalogue, accountId, userId, now: deps.now },
    deps.db,
  );
  refuseUnavailableItems(quote);
  if (quote.lines.length === 0) throw problems.badRequest('Your cart is empty.');
  refuseUndecidedWheels(quote);
  refuseShortages(quote);
  const amountCents = quote.totals.totalCents;
  const { id } = await deps.paypal.createOrder({
    amountCents,
    reference: `${quote.account.code}-${randomUUID().slice(0, 8)}`,
  });
  await deps.db
    .insert(payments)
    .values({ reference: id, accountId, kind: 'Order', method: 'Payments.PayPal', amountCents, createdAt: deps.now })
    .onConflictDoNothing({ target: payments.reference });
  return {
    paypalClientId: deps.config.paypal.clientId,
    paypalOrderId: id,
    paypalOrderTotal: decimalOfCents(amountCents),
  };
}
