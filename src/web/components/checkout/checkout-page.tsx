import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { CartState } from '../../../contract/cart';
import { type CompleteBody, type PayPalResult, type PaymentMethodSystemName } from '../../../contract/checkout';
import { checkoutDataKey, checkoutDataQuery, creditLimitQuery, paymentMethodsQuery } from '../../api/queries/checkout';
import { useApi } from '../../session/session-context';
import { cartStateQuery } from '../../api/queries/cart';
import { Spinner } from '../layout/spinner';
import { BackOrderSection } from './back-order-section';
import { CheckoutItems } from './checkout-items';
import { CheckoutPayPal } from './checkout-paypal';
import { CheckoutResultView } from './checkout-result-view';
import { CheckoutSection } from './checkout-section';
import { DeliverySection } from './delivery-section';
import { DiscountField } from './discount-field';
import { OrderSummary } from './order-summary';
import { CreditLimitNotice, PaymentSection, chosenPaymentMethod } from './payment-section';
import { ReferencesSection } from './references-section';
import { referenceValue, useCheckoutReferences } from './use-checkout-references';
import { type CheckoutResultActor, useCheckoutResultActor } from './use-checkout-result';

/** What tells two copies of the cart apart: its lines, quantities, accessories and total. */
function cartSignature(cart: CartState): string {
  return JSON.stringify([
    cart.subTotalValue,
    cart.items.map((item) => [item.id, item.quantity, item.accessoryStatus, item.accessoryInfo]),
  ]);
}

/**
 * The quantity pills and the accessories wizard change the cart through the cart routes; when the cart state the
 * client holds no longer matches the checkout's, the checkout data (totals, shipping) is loaded again.
 */
function useCheckoutFollowsCart(checkoutCart: CartState | undefined) {
  const queryClient = useQueryClient();
  const cart = useQuery({ ...cartStateQuery(useApi()), enabled: false }).data;
  useEffect(() => {
    if (cart && checkoutCart && cartSignature(cart) !== cartSignature(checkoutCart)) {
      void queryClient.invalidateQueries({ queryKey: checkoutDataKey });
    }
  }, [cart, checkoutCart, queryClient]);
}

/** Completed → the success page, anything else → / (SPEC.md §4 'Checkout order result'). */
function useResultNavigation(actor: CheckoutResultActor) {
  const navigate = useNavigate();
  const completedOrder = useSelector(actor, (snapshot) =>
    snapshot.matches('completed') ? snapshot.context.orderId : null,
  );
  const leaving = useSelector(actor, (snapshot) => snapshot.matches('leaving'));
  useEffect(() => {
    if (completedOrder !== null)
      void navigate({ to: '/checkout/success/$orderId', params: { orderId: String(completedOrder) }, replace: true });
    else if (leaving) void navigate({ to: '/', replace: true });
  }, [completedOrder, leaving, navigate]);
}

/** SPEC.md §2: when Checkout/Get returns no result the user goes back to the previous page. */
function useBackWithoutResult(noResult: boolean) {
  const router = useRouter();
  const navigate = useNavigate();
  useEffect(() => {
    if (!noResult) return;
    if (window.history.length > 1) router.history.back();
    else void navigate({ to: '/', replace: true });
  }, [noResult, router, navigate]);
}

/** The checkout page (SPEC.md §2 'Checkout page'). */
export function CheckoutPage() {
  const api = useApi();
  const data = useQuery(checkoutDataQuery(api));
  const methods = useQuery(paymentMethodsQuery(api));
  const creditLimit = useQuery(creditLimitQuery(api, data.data?.orderTotals.orderTotal.cents));
  const result = useCheckoutResultActor();
  const references = useCheckoutReferences();
  // The consent is to the back-orders shown when it was ticked: a changed split asks again.
  const [acceptedSplit, setAcceptedSplit] = useState<string | null>(null);
  const submitting = useSelector(
    result,
    (snapshot) => snapshot.matches('submitting') || snapshot.matches('redirecting') || snapshot.matches('completed'),
  );
  useCheckoutFollowsCart(data.data?.shoppingCart);
  useResultNavigation(result);
  useBackWithoutResult(data.isError || (data.isSuccess && !data.data));

  const firstLoads = [data, methods, creditLimit];
  if (firstLoads.some((query) => query.isPending) || !data.data) return <Spinner label="Loading your checkout…" />;

  const creditLimitReached = creditLimit.data === true;
  const chosen = chosenPaymentMethod(methods.data ?? []);
  const accessoriesUndecided = data.data.shoppingCart.items.some((item) => item.accessoryStatus === 'ActionRequired');
  const unavailableItems = data.data.shoppingCart.unavailableItems.map((item) => item.productName);
  const backOrders = data.data.backOrders;
  const split = JSON.stringify(backOrders);
  const backOrdersAccepted = acceptedSplit === split;
  const orderState = {
    submitting,
    creditLimitReached,
    accessoriesUndecided,
    unavailableItems,
    referenceErrors: references.errors,
    backOrdersUnconsented: backOrders.length > 0 && !backOrdersAccepted,
  };
  const body = (paymentMethod: PaymentMethodSystemName, payPal?: PayPalResult): CompleteBody => ({
    stockNumber: referenceValue(references.values.stockNumber),
    orderNumber: referenceValue(references.values.orderNumber),
    deliveryNotes: referenceValue(references.values.deliveryNotes),
    paymentMethod,
    ...(payPal ? { paypalOrderId: payPal.paypalOrderId } : {}),
    ...(backOrders.length > 0 ? { acceptBackOrders: backOrdersAccepted } : {}),
  });
  const submit = (payPal?: PayPalResult) => {
    if (!chosen) return;
    result.send({
      type: 'checkout.submit',
      body: body(chosen.paymentMethodSystemName, payPal),
      freshKey: crypto.randomUUID(),
    });
  };
  const items = data.data.shoppingCart.items;

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6 sm:px-6">
      {creditLimitReached ? <CreditLimitNotice methods={methods.data ?? []} /> : null}
      <CheckoutResultView actor={result} />
      {items.length === 0 ? (
        <CheckoutSection title="Items">
          <p className="py-4 text-center font-bold">Your Cart is Empty</p>
          <p className="text-center text-sm">
            <Link to="/" className="underline">
              Continue shopping
            </Link>
          </p>
        </CheckoutSection>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="space-y-4">
            <CheckoutItems cart={data.data.shoppingCart} />
            <BackOrderSection
              lines={backOrders}
              accepted={backOrdersAccepted}
              onAcceptedChange={(accepted) => setAcceptedSplit(accepted ? split : null)}
              disabled={submitting}
            />
            <DeliverySection data={data.data} />
            <ReferencesSection form={references} />
          </div>
          <div className="space-y-4">
            <CheckoutSection title="Discount">
              <DiscountField discountCode={data.data.discountCode} />
            </CheckoutSection>
            <OrderSummary presentation={data.data.presentation} />
            <PaymentSection
              methods={methods.data ?? []}
              orderState={orderState}
              onPlaceOrder={() => submit()}
              payPal={(disabled) => (
                <CheckoutPayPal
                  disabled={disabled}
                  onApproved={(payPal) => submit(payPal)}
                  onProviderError={(message) => result.send({ type: 'checkout.providerFailed', message })}
                />
              )}
            />
            <p className="text-xs text-black/70">
              Questions about your account?{' '}
              <Link to="/my-account" className="underline">
                My Account
              </Link>
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
