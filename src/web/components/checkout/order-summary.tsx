import type { CheckoutData } from '../../../contract/checkout';
import { CheckoutSection } from './checkout-section';

type Totals = CheckoutData['orderTotals'];

/** The totals as the server computed them (lines excl. GST, GST 10% on the total), in en-AU AUD. */
export function TotalsList({ totals }: { totals: Totals }) {
  const rows: [string, string][] = [
    ['Subtotal (excl. GST)', totals.subTotal.formatted],
    ['Shipping', totals.shipping.formatted],
  ];
  if (totals.orderTotalDiscount.cents !== 0) rows.push(['Discount', `-${totals.orderTotalDiscount.formatted.replace('-', '')}`]);
  rows.push(['GST', totals.tax.formatted]);
  return (
    <dl className="space-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-black/10 pt-2 text-base font-bold">
        <dt>Total (incl. GST)</dt>
        <dd>{totals.orderTotal.formatted}</dd>
      </div>
    </dl>
  );
}

export function OrderSummary({ totals }: { totals: Totals }) {
  return (
    <CheckoutSection title="Order summary">
      <TotalsList totals={totals} />
    </CheckoutSection>
  );
}
