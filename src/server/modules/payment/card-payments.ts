import { randomBytes } from 'node:crypto';
import type { RedirectResult } from '../../../contract/checkout';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { paymentInvoices, payments } from '../../db/schema';
import { problems } from '../../http/problem';
import { decimalOfCents } from '../../../domain/money';
import { signed } from '../../integrations/payments/gateway-signature';
import {
  PAYMENT_NOTIFY_PATH,
  type PaymentRequestFields,
  cardPaymentsAvailable,
  paymentPageUrl,
  returnUrl,
  shopUrl,
} from './card-gateway-fields';
import { type Payable, payableInvoices, payableOrder } from './payable';

export interface CardPaymentDeps {
  readonly db: Database;
  readonly config: Pick<Config, 'paymentGatewayUrl' | 'paymentSandbox' | 'paymentGatewaySecret' | 'publicUrl'>;
  readonly now: Date;
}

export interface CardPaymentInput {
  readonly accountId: number;
  readonly kind: 'Order' | 'Invoice';
  readonly orderId?: number;
  readonly invoiceIds?: readonly number[];
  /** What the caller expects to charge; refused when the order or invoices now owe something else. */
  readonly amountCents: number;
  /** The shop page the provider sends the browser back to, with ?paid=<reference> or ?failed=<reference>. */
  readonly returnPath: string;
  readonly clientDateTime?: string;
  readonly timezone?: string;
}

/** The reference the provider carries: unguessable, so a reference alone reveals nothing and cannot be enumerated. */
function newReference(): string {
  return `PAY-${randomBytes(8).toString('hex').toUpperCase()}`;
}

async function payableOf(db: Database, input: CardPaymentInput): Promise<Payable> {
  if (input.kind === 'Order') {
    if (input.orderId === undefined) throw new Error('an order payment needs orderId');
    return payableOrder(db, input.accountId, input.orderId);
  }
  if (!input.invoiceIds?.length) throw new Error('an invoice payment needs invoiceIds');
  return payableInvoices(db, input.accountId, input.invoiceIds);
}

export const CARD_PAYMENTS_UNAVAILABLE = 'Card payments are not available.';

/**
 * Starts a card payment on the hosted page: records it as Pending (with the invoices it settles) and answers the
 * Redirect result the browser posts there, signed so that neither the amount nor the return can be changed on the way.
 * Works inside a caller's transaction too (pass the transaction as db).
 */
export async function startCardPayment(deps: CardPaymentDeps, input: CardPaymentInput): Promise<RedirectResult> {
  if (!input.returnPath.startsWith('/') || input.returnPath.startsWith('//'))
    throw new Error('returnPath must be a path of the shop');
  if (!cardPaymentsAvailable(deps.config)) throw problems.badRequest(CARD_PAYMENTS_UNAVAILABLE);
  const payable = await payableOf(deps.db, input);
  if (payable.amountCents !== input.amountCents)
    throw problems.conflict('The amount to pay has changed. Reload the page and try again.');
  if (payable.amountCents <= 0) throw problems.badRequest('There is nothing to pay.');

  const reference = newReference();
  const [payment] = await deps.db
    .insert(payments)
    .values({
      reference,
      accountId: input.accountId,
      kind: input.kind,
      method: 'Payments.Card',
      orderId: input.kind === 'Order' ? (input.orderId ?? null) : null,
      amountCents: payable.amountCents,
      clientDateTime: input.clientDateTime ?? null,
      timezone: input.timezone ?? null,
      createdAt: deps.now,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment not recorded');
  if (payable.invoiceAllocations.length > 0) {
    await deps.db
      .insert(paymentInvoices)
      .values(payable.invoiceAllocations.map((allocation) => ({ paymentId: payment.id, ...allocation })));
  }

  const fields: Omit<PaymentRequestFields, 'signature'> = {
    reference,
    amount: decimalOfCents(payable.amountCents),
    currency: 'AUD',
    description: payable.description,
    returnUrl: shopUrl(deps.config, returnUrl(input.returnPath, 'paid', reference)),
    failUrl: shopUrl(deps.config, returnUrl(input.returnPath, 'failed', reference)),
    notifyUrl: shopUrl(deps.config, PAYMENT_NOTIFY_PATH),
    timestamp: deps.now.toISOString(),
  };
  const posted = signed(deps.config.paymentGatewaySecret, fields);
  const keys = Object.keys(posted);
  return { url: paymentPageUrl(deps.config), keys, values: keys.map((key) => posted[key] ?? '') };
}
