import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { CREDIT_LIMIT_REACHED, type PaymentMethod, type PaymentMethodSystemName } from '../../../contract/checkout';
import { useStorePaymentMethods } from '../../api/queries/checkout';
import { useApi } from '../../session/session-context';
import { primaryButtonClass } from '../session/form-field';
import { CheckoutSection } from './checkout-section';
import { type PlaceOrderState, placeOrderBlock, stillOpenMethodsSentence } from './place-order-block';

/** The chosen payment method: the one the server marks selected, else the first offered. */
export function chosenPaymentMethod(methods: readonly PaymentMethod[]): PaymentMethod | null {
  return methods.find((method) => method.selected) ?? methods[0] ?? null;
}

/** SPEC.md §8's notice at the top of the checkout, and which of the offered methods still take the order. */
export function CreditLimitNotice({ methods }: { methods: readonly PaymentMethod[] }) {
  const others = stillOpenMethodsSentence(methods);
  return (
    <div role="alert" className="rounded border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-bold">{CREDIT_LIMIT_REACHED}</p>
      {others ? <p className="mt-1">{others}</p> : null}
    </div>
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
  /** What decides whether the order can be placed, but the method and its saving, which this section holds. */
  readonly orderState: Omit<PlaceOrderState, 'method' | 'offered' | 'savingMethod'>;
  readonly onPlaceOrder: () => void;
  /** The PayPal buttons, shown instead of Place Order when PayPal is chosen. */
  readonly payPal: (disabled: boolean) => ReactNode;
}

/** Payment (SPEC.md §3 'Payment method'): the methods offered, Place Order, the PayPal buttons, the credit limit panel. */
export function PaymentSection({ methods, orderState, onPlaceOrder, payPal }: PaymentSectionProps) {
  const { creditLimitReached, submitting } = orderState;
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
  const chosenName = picked ?? chosenPaymentMethod(methods)?.paymentMethodSystemName ?? null;
  const blockedReason = placeOrderBlock({
    ...orderState,
    method: chosenName,
    offered: methods,
    savingMethod: choose.isPending,
  });
  return (
    <CheckoutSection title="Payment">
      <fieldset className="space-y-2" aria-busy={choose.isPending}>
        <legend className="mb-1 text-sm font-bold">Payment method</legend>
        {methods.map((method) => (
          <label
            key={method.paymentMethodSystemName}
            className="flex cursor-pointer items-center gap-3 rounded border border-black/10 p-2 text-sm"
          >
            <input
              type="radio"
              name="payment-method"
              className="h-4 w-4 accent-brand"
              checked={chosenName === method.paymentMethodSystemName}
              disabled={choose.isPending || submitting}
              onChange={() => pick(method.paymentMethodSystemName)}
            />
            {method.logoUrl ? (
              <img src={method.logoUrl} alt="" width={40} height={24} className="h-6 w-10 object-contain" />
            ) : null}
            <span className="flex-1">{method.name}</span>
            {method.fee && method.fee !== '$0.00' ? <span>{method.fee}</span> : null}
          </label>
        ))}
      </fieldset>
      <div className="mt-4 space-y-3">
        {creditLimitReached && chosenName === 'Payments.TradingAccount' ? <CreditLimitPanel /> : null}
        {chosenName === 'Payments.PayPal' ? (
          payPal(blockedReason !== null)
        ) : (
          <button
            type="button"
            className={primaryButtonClass}
            disabled={blockedReason !== null}
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
