import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { CREDIT_LIMIT_REACHED, type PaymentMethod, type PaymentMethodSystemName } from '../../../contract/checkout';
import { useStorePaymentMethods } from '../../api/queries/checkout';
import { useApi } from '../../session/session-context';
import { primaryButtonClass } from '../session/form-field';
import { CheckoutSection } from './checkout-section';

/** The chosen payment method: the one the server marks selected, else the first offered. */
export function chosenPaymentMethod(methods: readonly PaymentMethod[]): PaymentMethod | null {
  return methods.find((method) => method.selected) ?? methods[0] ?? null;
}

/**
 * SPEC.md §5: Place Order and the PayPal buttons are disabled while the form is invalid, submitting, or the credit
 * limit is reached, whatever the method: SPEC.md §8's notice asks for a payment via My Account before a new order.
 * A wheel whose accessories are undecided (ActionRequired) blocks them too, as the server would refuse the order.
 */
export function canPlaceOrder(state: {
  valid: boolean;
  submitting: boolean;
  creditLimitReached: boolean;
  method: PaymentMethodSystemName | null;
  accessoriesUndecided: boolean;
}): boolean {
  return state.valid && !state.submitting && !state.creditLimitReached && state.method !== null && !state.accessoriesUndecided;
}

/** SPEC.md §8: the notice at the top of the checkout. */
export function CreditLimitNotice() {
  return (
    <p role="alert" className="rounded border border-amber-400 bg-amber-50 px-4 py-3 text-sm font-bold text-amber-900">
      {CREDIT_LIMIT_REACHED}
    </p>
  );
}

function CreditLimitPanel() {
  return (
    <div className="rounded border border-amber-400 bg-amber-50 p-3 text-sm">
      <p className="font-bold">Credit limit reached.</p>
      <p className="mt-1">
        Please make a payment via{' '}
        <Link to="/my-account" className="font-bold underline">
          My Account
        </Link>{' '}
        to place a new order on account.
      </p>
    </div>
  );
}

export interface PaymentSectionProps {
  readonly methods: readonly PaymentMethod[];
  readonly creditLimitReached: boolean;
  readonly enabled: boolean;
  readonly submitting: boolean;
  readonly onPlaceOrder: () => void;
  /** The PayPal buttons, shown instead of Place Order when PayPal is chosen. */
  readonly payPal: ReactNode;
  /** Why the order cannot be placed as the cart stands, shown next to Place Order; null when nothing blocks it. */
  readonly blockedReason: string | null;
}

/** Payment (SPEC.md §3 'Payment method'): the methods offered, Place Order, the PayPal buttons, the credit limit panel. */
export function PaymentSection({ methods, creditLimitReached, enabled, submitting, onPlaceOrder, payPal, blockedReason }: PaymentSectionProps) {
  const api = useApi();
  const store = useStorePaymentMethods();
  // The radio shows the pick in the same render as the click, until the server's answer replaces the list.
  const [picked, setPicked] = useState<PaymentMethodSystemName | null>(null);
  const choose = useMutation({
    mutationFn: async (paymentMethodSystemName: PaymentMethodSystemName) =>
      store(await api.call('checkoutPaymentMethodSet', { body: { paymentMethodSystemName } })),
    // SPEC.md §8: other checkout call errors are only logged; the choice returns to where the server has it.
    onError: (error) => console.warn('Checkout/PaymentMethod failed', error),
    onSettled: () => setPicked(null),
  });
  const pick = (name: PaymentMethodSystemName) => {
    setPicked(name);
    choose.mutate(name);
  };
  const chosenName = picked ?? chosenPaymentMethod(methods)?.paymentMethodSystemName;
  return (
    <CheckoutSection title="Payment">
      <fieldset className="space-y-2" aria-busy={choose.isPending}>
        <legend className="mb-1 text-sm font-bold">Payment method</legend>
        {methods.map((method) => (
          <label key={method.paymentMethodSystemName} className="flex cursor-pointer items-center gap-3 rounded border border-black/10 p-2 text-sm">
            <input
              type="radio"
              name="payment-method"
              className="h-4 w-4 accent-brand"
              checked={chosenName === method.paymentMethodSystemName}
              disabled={choose.isPending || submitting}
              onChange={() => pick(method.paymentMethodSystemName)}
            />
            {method.logoUrl ? <img src={method.logoUrl} alt="" width={40} height={24} className="h-6 w-10 object-contain" /> : null}
            <span className="flex-1">{method.name}</span>
            {method.fee && method.fee !== '$0.00' ? <span>{method.fee}</span> : null}
          </label>
        ))}
      </fieldset>
      <div className="mt-4 space-y-3">
        {creditLimitReached && chosenName === 'Payments.TradingAccount' ? <CreditLimitPanel /> : null}
        {chosenName === 'Payments.PayPal' ? (
          payPal
        ) : (
          <button
            type="button"
            className={primaryButtonClass}
            disabled={!enabled || choose.isPending}
            onClick={onPlaceOrder}
            aria-describedby={blockedReason ? 'place-order-blocked' : undefined}
          >
            {submitting ? 'Placing order…' : 'Place Order'}
          </button>
        )}
        {blockedReason ? (
          <p id="place-order-blocked" role="status" className="text-sm font-bold text-red-700">
            {blockedReason}
          </p>
        ) : null}
        <p className="text-xs text-black/70">
          By placing this order you agree to our{' '}
          <Link to="/returns-policy" className="underline">
            returns policy
          </Link>
          . Trading Account orders are invoiced on 30-day terms.
        </p>
      </div>
    </CheckoutSection>
  );
}
