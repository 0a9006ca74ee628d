import {
  ACCESSORIES_UNDECIDED,
  BACK_ORDER_CONSENT,
  type PaymentMethod,
  type PaymentMethodSystemName,
} from '../../../contract/checkout';

/** What the checkout knows when it decides whether Place Order (or the PayPal buttons) can be used. */
export interface PlaceOrderState {
  readonly submitting: boolean;
  /** A payment method pick is on its way to the server. */
  readonly savingMethod: boolean;
  /** The payment method shown as chosen; null when none could be loaded. */
  readonly method: PaymentMethodSystemName | null;
  /** The methods the server offers this checkout. */
  readonly offered: readonly PaymentMethod[];
  /** The contract's messages for the reference fields that do not pass (stock number, order number, notes). */
  readonly referenceErrors: readonly string[];
  /** Checkout/CreditLimit: the Trading Account cannot take this checkout's total. */
  readonly creditLimitReached: boolean;
  /** A wheel line waits for its vehicle and accessories (ActionRequired). */
  readonly accessoriesUndecided: boolean;
  /** Names of the cart's lines whose product is no longer available (retired): the server refuses the order. */
  readonly unavailableItems: readonly string[];
  /** Some lines are partly or wholly back-ordered and the customer has not agreed to it yet. */
  readonly backOrdersUnconsented: boolean;
}

/** The methods that still take an order when the credit limit is reached: any but the Trading Account. */
export function methodsBesideTradingAccount(offered: readonly PaymentMethod[]): readonly PaymentMethod[] {
  return offered.filter((method) => method.paymentMethodSystemName !== 'Payments.TradingAccount');
}

/** 'You can still pay by Credit Card or PayPal.', or null when no other method is offered. */
export function stillOpenMethodsSentence(offered: readonly PaymentMethod[]): string | null {
  const names = methodsBesideTradingAccount(offered).map((method) => method.name);
  if (names.length === 0) return null;
  return `You can still pay by ${new Intl.ListFormat('en-AU', { type: 'disjunction' }).format(names)}.`;
}

/**
 * Why Place Order is disabled, worded for the person at the counter; null when it can be used. Every reason lives
 * here so that the button, its description and the PayPal buttons agree (SPEC.md §5). The credit limit
 * stops only the Trading Account: a card or PayPal payment is taken before the order exists (docs/checkout.md).
 * The first reason that applies wins, in the order a person would fix them.
 */
export function placeOrderBlock(state: PlaceOrderState): string | null {
  if (state.submitting) return 'Your order is being placed.';
  if (state.method === null || !state.offered.some((method) => method.paymentMethodSystemName === state.method)) {
    return 'No payment method is available for this order. Reload the page, or call us to order.';
  }
  if (state.savingMethod) return 'Saving your payment method…';
  if (state.unavailableItems.length > 0) {
    const one = state.unavailableItems.length === 1;
    return `${state.unavailableItems.join(', ')} ${one ? 'is' : 'are'} no longer available: remove ${one ? 'it' : 'them'} from your cart to place the order.`;
  }
  if (state.accessoriesUndecided) return ACCESSORIES_UNDECIDED;
  if (state.backOrdersUnconsented) return `Tick '${BACK_ORDER_CONSENT}' to place the order.`;
  const [referenceError] = state.referenceErrors;
  if (referenceError !== undefined) return `Check the order references: ${referenceError}.`;
  if (state.creditLimitReached && state.method === 'Payments.TradingAccount') {
    const others = stillOpenMethodsSentence(state.offered);
    return `Credit limit reached: the Trading Account cannot take this order. ${others ? `${others} Or make` : 'Make'} a payment via My Account first.`;
  }
  return null;
}
