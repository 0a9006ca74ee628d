import { eq } from 'drizzle-orm';
import type {
  CheckoutData,
  PaymentMethod,
  PaymentMethodSystemName,
  ShippingSystemName,
} from '../../../contract/checkout';
import type { Config } from '../../config';
import { carts, checkoutSelections } from '../../db/schema';
import { problems } from '../../http/problem';
import { applyDiscountCode } from '../cart/cart-service';
import { type CheckoutScope, quoteCheckout } from './checkout-quote';
import { creditLimitReached, creditPosition } from '../account/credit';
import { offeredPaymentMethods, paymentMethodsAnswer } from './payment-methods';

export async function readCheckout(scope: CheckoutScope): Promise<CheckoutData> {
  return (await quoteCheckout(scope, scope.db)).data;
}

/** Checkout/Discount: the cart's discount code rule and refusals (cart/discount-codes.ts), answering the checkout. */
export async function applyCheckoutDiscount(scope: CheckoutScope, entered: string): Promise<CheckoutData> {
  await applyDiscountCode(scope, entered);
  return readCheckout(scope);
}

export async function removeCheckoutDiscount(scope: CheckoutScope): Promise<CheckoutData> {
  await applyDiscountCode(scope, '');
  return readCheckout(scope);
}

/** Keeps a choice of the checkout page with the cart until the order is placed (or the cart row goes). */
async function saveSelection(
  scope: CheckoutScope,
  choice: { shippingMethod: ShippingSystemName } | { paymentMethodSystemName: PaymentMethodSystemName },
) {
  await scope.db.insert(carts).values({ userId: scope.userId }).onConflictDoNothing();
  await scope.db
    .insert(checkoutSelections)
    .values({ userId: scope.userId, ...choice })
    .onConflictDoUpdate({ target: checkoutSelections.userId, set: choice });
}

/** Checkout/ShippingMethod: only a method offered for the cart as it stands can be chosen. */
export async function chooseShippingMethod(
  scope: CheckoutScope,
  systemName: ShippingSystemName,
): Promise<CheckoutData> {
  const { data } = await quoteCheckout(scope, scope.db);
  if (!data.shippingMethods.some((method) => method.shippingRateComputationMethodSystemName === systemName)) {
    const reason = 'This shipping method is not available for this order.';
    throw problems.badRequest(reason, [{ name: 'shippingRateComputationMethodSystemName', reason }]);
  }
  await saveSelection(scope, { shippingMethod: systemName });
  return readCheckout(scope);
}

export async function paymentMethods(scope: CheckoutScope, config: Config): Promise<PaymentMethod[]> {
  const [selection] = await scope.db
    .select()
    .from(checkoutSelections)
    .where(eq(checkoutSelections.userId, scope.userId));
  return paymentMethodsAnswer(config, selection?.paymentMethodSystemName ?? null);
}

export async function choosePaymentMethod(
  scope: CheckoutScope,
  config: Config,
  systemName: PaymentMethodSystemName,
): Promise<PaymentMethod[]> {
  if (!offeredPaymentMethods(config).includes(systemName)) {
    const reason = 'This payment method is not available.';
    throw problems.badRequest(reason, [{ name: 'paymentMethodSystemName', reason }]);
  }
  await saveSelection(scope, { paymentMethodSystemName: systemName });
  return paymentMethodsAnswer(config, systemName);
}

/** Checkout/CreditLimit: true when the Trading Account cannot take this checkout's total (docs/checkout.md). */
export async function checkoutCreditLimitReached(scope: CheckoutScope): Promise<boolean> {
  const [quote, position] = await Promise.all([
    quoteCheckout(scope, scope.db),
    creditPosition(scope.db, scope.accountId),
  ]);
  return creditLimitReached(position, quote.totals.totalCents);
}
