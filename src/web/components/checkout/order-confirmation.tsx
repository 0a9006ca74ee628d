import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { OrderStatus, OrderSummary } from '../../../contract/checkout';
import { checkoutSuccessQuery } from '../../api/queries/checkout';
import { clientTime, formatLongDate, formatLongDateTime } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';
import { RedirectForm } from '../payment/redirect-form';
import { primaryButtonClass } from '../session/form-field';
import { CheckoutSection } from './checkout-section';
import { ErrorBanner } from './error-banner';
import { BackOrderedLines } from '../orders/back-ordered-lines';
import { PresentedLinesTable, PresentedTotals, usePresentationMode } from './order-presentation-view';

const statusText: Record<OrderStatus, string> = {
  Placed: 'Placed on account',
  PendingPayment: 'Awaiting payment',
  Paid: 'Paid',
  PaymentFailed: 'Payment failed',
  Expired: 'Not paid in time',
  PaidAfterRelease: 'Paid; our team will confirm the stock with you',
  Refunded: 'Refunded',
};

/** The explanation under an order that gave its stock back without being paid. */
const releasedText: Partial<Record<OrderStatus, string>> = {
  PaymentFailed: 'The card payment did not go through, so the items were not kept for this order.',
  Expired: 'No payment arrived in time, so the items were not kept for this order.',
};

/** A card order still holding its stock can be paid (again): Payment/Order gives the card page to post to. */
function PayByCardAgain({ orderId }: { orderId: number }) {
  const api = useApi();
  const pay = useMutation({ mutationFn: () => api.call('paymentOrder', { query: { id: orderId, ...clientTime() } }) });
  return (
    <div className="space-y-2">
      <ErrorBanner message={pay.error ? pay.error.message : null} />
      <button
        type="button"
        className={primaryButtonClass}
        disabled={pay.isPending || pay.isSuccess}
        onClick={() => pay.mutate()}
      >
        {pay.isPending || pay.isSuccess ? 'Opening the payment page…' : 'Pay by card'}
      </button>
      {pay.data ? <RedirectForm redirect={pay.data} /> : null}
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex justify-between gap-4 text-sm">
      <dt className="text-black/70">{label}</dt>
      <dd className="text-right font-semibold">{value}</dd>
    </div>
  );
}

/** /checkout/success/{orderId}: the order as placed (Checkout/Success), its payment status and, on account, its invoice. */
export function OrderConfirmation({ orderId }: { orderId: number }) {
  const order = useQuery(checkoutSuccessQuery(useApi(), orderId));
  if (order.isPending) return <Spinner label="Loading your order…" />;
  if (order.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        <LoadError error={order.error} what="The order" />
      </div>
    );
  }
  return <PlacedOrder placed={order.data} />;
}

function PlacedOrder({ placed }: { placed: OrderSummary }) {
  const mode = usePresentationMode(placed.presentation);
  const paymentStatus = statusText[placed.status];
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6 sm:px-6">
      <div className="rounded-lg border border-green-700/30 bg-green-50 p-4">
        <p className="text-lg font-bold text-green-900">Thank you, your order has been placed.</p>
        <p className="text-sm">
          Order number <strong>{placed.orderId}</strong>, placed {formatLongDateTime(placed.placedAt)}.
        </p>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <CheckoutSection title="Items">
          <PresentedLinesTable presentation={placed.presentation} mode={mode} />
          <BackOrderedLines lines={placed.backOrders} headingLevel={3} />
        </CheckoutSection>
        <div className="space-y-4">
          <CheckoutSection title="Order details">
            <dl className="space-y-1">
              <Detail label="Order number" value={String(placed.orderId)} />
              <Detail label="Order date" value={formatLongDate(placed.placedAt)} />
              <Detail label="Payment method" value={placed.paymentMethod} />
              <Detail label="Payment status" value={paymentStatus} />
              <Detail label="Invoice number" value={placed.invoiceNumber} />
              <Detail label="Invoice due" value={placed.invoiceDueAt ? formatLongDate(placed.invoiceDueAt) : null} />
              <Detail label="Stock number" value={placed.stockNumber} />
              <Detail label="Order reference" value={placed.orderNumber} />
              <Detail label="Shipping" value={placed.shippingMethod} />
              <Detail label="Delivery notes" value={placed.deliveryNotes} />
            </dl>
            <address className="mt-3 text-sm not-italic">
              <span className="block text-black/70">Deliver to</span>
              <span className="block">{placed.address.address1}</span>
              <span className="block">
                {placed.address.city} {placed.address.state} {placed.address.zipPostalCode}
              </span>
            </address>
            {placed.status === 'PendingPayment' && placed.paymentMethod === 'Credit Card' ? (
              <div className="mt-3">
                <PayByCardAgain orderId={placed.orderId} />
              </div>
            ) : null}
            {releasedText[placed.status] ? (
              <div className="mt-3 space-y-2">
                <p role="alert" className="text-sm font-bold text-brand">
                  {releasedText[placed.status]}
                </p>
                <p className="text-sm">
                  Your cart is as you left it.{' '}
                  <Link to="/checkout" className="font-bold underline">
                    Back to checkout
                  </Link>
                </p>
              </div>
            ) : null}
          </CheckoutSection>
          <CheckoutSection title="Order summary">
            <PresentedTotals presentation={placed.presentation} mode={mode} />
          </CheckoutSection>
          <p className="text-sm">
            <Link to="/" className="underline">
              Continue shopping
            </Link>
            {' · '}
            <Link to="/my-account" className="underline">
              My Account
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
