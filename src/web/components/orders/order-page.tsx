import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { PresentedRow } from '../../../contract/order-presentation';
import type { OrderDetails } from '../../../contract/order-history';
import type { PriceDisplayMode } from '../../../domain/trade-price';
import { orderDetailsQuery } from '../../api/queries/orders';
import { formatDate } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { CheckoutSection } from '../checkout/checkout-section';
import { shownRowPrice, usePresentationMode } from '../checkout/order-presentation-view';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';
import { FULFILMENT_STATUS_LABELS, ORDER_STATUS_LABELS } from './order-status';
import { OrderPanels } from './order-panels';
import { BackOrderedLines } from './back-ordered-lines';
import { ReorderPanel } from './reorder-panel';
import { type ReorderActor, useReorderActor } from './use-reorder-actor';

const linkClass = 'font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand';

export function PriceCells({ row, mode }: { row: PresentedRow; mode: PriceDisplayMode }) {
  if (mode === 'Hide') return null;
  const price = shownRowPrice(row, mode);
  return (
    <>
      <td className="py-2 text-right">{price?.unit ?? ''}</td>
      <td className="py-2 text-right">{price?.amount ?? ''}</td>
    </>
  );
}

/** The order's lines, accessories under their wheel, each product line with its 'Order again' tick. */
function OrderLines({ order, actor, mode }: { order: OrderDetails; actor: ReorderActor; mode: PriceDisplayMode }) {
  const chosen = useSelector(actor, (snapshot) => snapshot.context.chosen);
  const choosing = useSelector(actor, (snapshot) => snapshot.matches('choosing'));
  const lines = order.presentation.lines;
  return (
    <>
      <div className="mb-2 flex gap-3 text-sm">
        <button
          type="button"
          className={linkClass}
          disabled={!choosing}
          onClick={() => actor.send({ type: 'reorder.chooseAll' })}
        >
          Tick all lines
        </button>
        <button
          type="button"
          className={linkClass}
          disabled={!choosing}
          onClick={() => actor.send({ type: 'reorder.chooseNone' })}
        >
          Untick all lines
        </button>
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Order lines, prices excl. GST</caption>
        <thead>
          <tr className="border-b border-black/10">
            <th scope="col" className="w-10 py-2">
              <span className="sr-only">Order again</span>
            </th>
            <th scope="col" className="py-2 font-semibold">
              Item
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Quantity
            </th>
            {mode === 'Hide' ? null : (
              <>
                <th scope="col" className="py-2 text-right font-semibold">
                  Unit price
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Total
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.flatMap((line) => [
            <tr key={line.id} className="border-b border-black/5 align-top">
              <td className="py-2">
                <input
                  type="checkbox"
                  aria-label={`Order again: ${line.name}`}
                  checked={chosen.includes(line.id)}
                  disabled={!choosing}
                  onChange={() => actor.send({ type: 'reorder.toggle', lineId: line.id })}
                />
              </td>
              <td className="py-2">
                <span className="block font-semibold">{line.name}</span>
                <span className="block text-xs text-black/60">SKU {line.sku}</span>
                {line.vehicle ? <span className="block text-xs">Vehicle: {line.vehicle}</span> : null}
              </td>
              <td className="py-2 text-right">{line.quantity}</td>
              <PriceCells row={line} mode={mode} />
            </tr>,
            ...line.accessories.map((accessory) => (
              <tr
                key={`${line.id}-${accessory.sku}`}
                className="border-b border-black/5 align-top text-black/80"
                aria-label={`Accessory of ${line.name}: ${accessory.name}`}
              >
                <td />
                <td className="py-1 pl-4">
                  <span className="block">{accessory.name}</span>
                  <span className="block text-xs text-black/60">SKU {accessory.sku}</span>
                </td>
                <td className="py-1 text-right">{accessory.quantity}</td>
                <PriceCells row={accessory} mode={mode} />
              </tr>
            )),
          ])}
        </tbody>
      </table>
    </>
  );
}

function LoadedOrder({ order }: { order: OrderDetails }) {
  const actor = useReorderActor({ orderId: order.id, lineIds: order.presentation.lines.map((line) => line.id) });
  const mode = usePresentationMode(order.presentation);
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6">
      <p className="text-sm">
        <Link to="/my-account/orders" className={linkClass}>
          ← All orders
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-ink">Order {order.orderNumber}</h1>
      <p className="text-sm text-black/70">
        Placed {formatDate(order.placedAt)} · {ORDER_STATUS_LABELS[order.status]} · {order.paymentMethodName}
      </p>
      {order.fulfilmentStatus ? (
        <p className="text-sm">
          <span className="font-semibold">{FULFILMENT_STATUS_LABELS[order.fulfilmentStatus]}</span>
          {order.trackingUrl ? (
            <>
              {' · '}
              <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                Track your delivery
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-4">
          <CheckoutSection title="Items">
            <OrderLines order={order} actor={actor} mode={mode} />
          </CheckoutSection>
          <BackOrderedLines lines={order.backOrders} headingLevel={2} />
          <ReorderPanel actor={actor} />
        </div>
        <div className="space-y-4">
          <OrderPanels
            order={order}
            mode={mode}
            invoice={
              order.invoiceNumber ? (
                <Link to="/my-account/invoices" search={{ invoice: order.invoiceNumber }} className={linkClass}>
                  Invoice {order.invoiceNumber}
                </Link>
              ) : null
            }
          />
        </div>
      </div>
    </div>
  );
}

/** /my-account/orders/$orderId: one order, its lines, invoice link and 'Order again'. */
export function OrderPage({ orderId }: { orderId: number }) {
  const api = useApi();
  const order = useQuery(orderDetailsQuery(api, orderId));
  if (order.error) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <LoadError error={order.error} what={`Order ${orderId}`} />
      </div>
    );
  }
  if (!order.data) return <Spinner label="Loading the order…" />;
  return <LoadedOrder key={order.data.id} order={order.data} />;
}
