import { z } from 'zod';
import type { CompleteResult } from '../../../contract/checkout';
import type { HandlerContext, Handlers } from '../../http/handler';
import { HttpProblem, problems } from '../../http/problem';
import { PaymentProviderError, createPayPalClient } from '../../integrations/payments/paypal';
import { addToCart, removeLine, updateLine } from '../cart/cart-service';
import { startCardPayment } from '../payment/card-payments';
import { orderPaymentReturnPath } from '../payment/payment-handlers';
import type { CheckoutScope } from './checkout-quote';
import {
  applyCheckoutDiscount,
  checkoutCreditLimitReached,
  choosePaymentMethod,
  chooseShippingMethod,
  paymentMethods,
  readCheckout,
  removeCheckoutDiscount,
} from './checkout-service';
import { orderSummary } from './order-summary';
import { createPayPalCheckoutOrder } from './paypal-checkout';
import { type PlacedOrder, placeOrder } from './place-order';

/** The checkout of the calling customer; impersonating staff act on the customer's. */
const scopeOf = (context: HandlerContext): CheckoutScope => ({
  db: context.db,
  catalogue: context.catalogue,
  accountId: context.customer().accountId,
  userId: context.customer().userId,
  now: context.now(),
});

const idempotencyKeySchema = z.string().trim().min(1).max(100).optional();

function idempotencyKeyOf(context: HandlerContext): string | null {
  const parsed = idempotencyKeySchema.safeParse(context.reply.request.headers['idempotency-key']);
  if (!parsed.success) {
    const reason = 'Idempotency-Key must be 1 to 100 characters.';
    throw problems.badRequest(reason, [{ name: 'Idempotency-Key', reason }]);
  }
  return parsed.data ?? null;
}

/** SPEC.md §8 'Payment provider error': the provider's own words become the problem's detail. */
async function withProviderErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HttpProblem(402, error.message);
    throw error;
  }
}

/** A card order still waiting for its money is answered with the card page to pay it on; any other order is done. */
async function completeResultOf(order: PlacedOrder, context: HandlerContext): Promise<CompleteResult> {
  if (order.paymentMethodSystemName !== 'Payments.Card' || order.status === 'Paid')
    return { orderResult: 'Completed', orderId: order.id };
  const redirect = await startCardPayment(
    { db: context.db, config: context.config, now: context.now() },
    {
      accountId: order.accountId,
      kind: 'Order',
      orderId: order.id,
      amountCents: order.totalCents,
      returnPath: orderPaymentReturnPath(order.id),
    },
  );
  return { orderResult: 'Redirect', orderId: order.id, ...redirect };
}

export const checkoutHandlers = {
  checkoutGet: async (_request, context) => readCheckout(scopeOf(context)),
  checkoutAdd: async ({ body }, context) => {
    await addToCart(scopeOf(context), body);
    return readCheckout(scopeOf(context));
  },
  checkoutUpdate: async ({ body }, context) => {
    await updateLine(scopeOf(context), body.id, body.quantity);
    return readCheckout(scopeOf(context));
  },
  checkoutRemove: async ({ body }, context) => {
    await removeLine(scopeOf(context), body.id);
    return readCheckout(scopeOf(context));
  },
  checkoutDiscount: async ({ body }, context) => applyCheckoutDiscount(scopeOf(context), body.code),
  checkoutRemoveDiscount: async (_request, context) => removeCheckoutDiscount(scopeOf(context)),
  checkoutShippingMethod: async ({ body }, context) =>
    chooseShippingMethod(scopeOf(context), body.shippingRateComputationMethodSystemName),
  checkoutPaymentMethods: async (_request, context) => paymentMethods(scopeOf(context), context.config),
  checkoutPaymentMethodSet: async ({ body }, context) =>
    choosePaymentMethod(scopeOf(context), context.config, body.paymentMethodSystemName),
  checkoutCreditLimit: async (_request, context) => checkoutCreditLimitReached(scopeOf(context)),
  checkoutPayPalOrder: async (_request, context) =>
    withProviderErrors(() =>
      createPayPalCheckoutOrder(
        {
          db: context.db,
          catalogue: context.catalogue,
          config: context.config,
          now: context.now(),
          paypal: createPayPalClient(context.config, { timeoutMs: context.config.paypalTimeoutMs }),
        },
        context.customer(),
      ),
    ),
  checkoutComplete: async ({ body }, context) => {
    const idempotencyKey = idempotencyKeyOf(context);
    const order = await withProviderErrors(() =>
      placeOrder(
        {
          db: context.db,
          catalogue: context.catalogue,
          config: context.config,
          now: context.now(),
          ...(context.config.paypal
            ? { paypal: createPayPalClient(context.config, { timeoutMs: context.config.paypalTimeoutMs }) }
            : {}),
        },
        { principal: context.customer(), body, idempotencyKey },
      ),
    );
    return withProviderErrors(() => completeResultOf(order, context));
  },
  checkoutSuccess: async ({ query }, context) =>
    orderSummary(context.db, context.catalogue, context.customer().accountId, query.id),
} satisfies Partial<Handlers>;
