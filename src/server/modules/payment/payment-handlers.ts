import type { HandlerContext, Handlers } from '../../http/handler';
import { startCardPayment } from './card-payments';
import { payableInvoices, payableOrder } from './payable';
import { paymentResult } from './payment-result';

/** Where the hosted page sends the browser back after paying invoices (with ?paid= or ?failed= and the reference). */
export const INVOICE_PAYMENT_RETURN_PATH = '/my-account/payment';
/** Where it sends the browser back after paying an order. */
export const orderPaymentReturnPath = (orderId: number) => `/checkout/success/${orderId}`;

const depsOf = (context: HandlerContext) => ({ db: context.db, config: context.config, now: context.now() });

export const paymentHandlers = {
  paymentInvoice: async ({ query }, context) => {
    const { accountId } = context.customer();
    const { amountCents } = await payableInvoices(context.db, accountId, query.id);
    return startCardPayment(depsOf(context), {
      accountId,
      kind: 'Invoice',
      invoiceIds: query.id,
      amountCents,
      returnPath: INVOICE_PAYMENT_RETURN_PATH,
      clientDateTime: query.clientDateTime,
      timezone: query.timezone,
    });
  },
  paymentOrder: async ({ query }, context) => {
    const { accountId } = context.customer();
    const { amountCents } = await payableOrder(context.db, accountId, query.id);
    return startCardPayment(depsOf(context), {
      accountId,
      kind: 'Order',
      orderId: query.id,
      amountCents,
      returnPath: orderPaymentReturnPath(query.id),
      clientDateTime: query.clientDateTime,
      timezone: query.timezone,
    });
  },
  paymentResult: async ({ query }, context) => paymentResult(context.db, context.customer().accountId, query.reference),
  paymentPayPalSettings: async (_request, context) => ({ clientId: context.config.paypal?.clientId ?? null }),
} satisfies Partial<Handlers>;
