import type { OrderPresentation, PresentedLine, PresentedRow } from '../../../contract/order-presentation';
import type { PriceDisplayMode } from '../../../domain/trade-price';
import { shownPriceMode } from '../../../domain/shown-price';
import { useCounterPriceMode } from '../catalogue/counter-price-mode';

/**
 * Which prices this screen shows of an order's presentation: the header's counter switch, never more than the
 * account's price display (the catalogue's rule, shownPriceMode). RRP shows retail prices and no trade figure;
 * Hide shows no money at all.
 */
export function usePresentationMode(presentation: Pick<OrderPresentation, 'priceDisplay'>): PriceDisplayMode {
  return shownPriceMode(presentation.priceDisplay, useCounterPriceMode());
}

/** A row's unit price and amount as the mode shows them, or null when prices are hidden. */
export function shownRowPrice(row: PresentedRow, mode: PriceDisplayMode): { unit: string; amount: string } | null {
  if (mode === 'Trade') return { unit: row.unitPrice.formatted, amount: row.amount.formatted };
  if (mode === 'RRP' && row.rrpUnitPrice && row.rrpAmount)
    return { unit: `RRP ${row.rrpUnitPrice.formatted}`, amount: row.rrpAmount.formatted };
  return null;
}

/** A wheel line's accessories, each with its quantity and price, as rows under the wheel. */
export function AccessoryRows({ line, mode }: { line: PresentedLine; mode: PriceDisplayMode }) {
  if (line.accessories.length === 0) return null;
  return (
    <ul className="space-y-0.5" aria-label={`Accessories of ${line.name}`}>
      {line.accessories.map((accessory) => {
        const price = shownRowPrice(accessory, mode);
        return (
          <li key={accessory.sku} className="flex justify-between gap-2">
            <span>
              {accessory.name} × {accessory.quantity}
            </span>
            {price ? (
              <span className="whitespace-nowrap text-right">
                {price.unit} ea · <span className="font-semibold">{price.amount}</span>
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A money column: kept on one line and apart from the column before it, so a phone never runs two amounts together. */
const PRICE_CELL = 'whitespace-nowrap py-2 pl-3 text-right';

/** The lines of a placed order or an invoice: each product line, its vehicle, and its accessories priced under it. */
export function PresentedLinesTable({
  presentation,
  mode,
}: {
  presentation: OrderPresentation;
  mode: PriceDisplayMode;
}) {
  const priced = mode !== 'Hide';
  const rowCells = (row: PresentedRow) => {
    const price = shownRowPrice(row, mode);
    return (
      <>
        <td className="py-2 text-right">{row.quantity}</td>
        {priced ? <td className={PRICE_CELL}>{price?.unit ?? ''}</td> : null}
        {priced ? <td className={PRICE_CELL}>{price?.amount ?? ''}</td> : null}
      </>
    );
  };
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">
        {mode === 'RRP' ? 'Order lines at RRP, excl. GST' : 'Order lines, prices excl. GST'}
      </caption>
      <thead>
        <tr className="border-b border-black/10">
          <th scope="col" className="py-2 font-semibold">
            Item
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Quantity
          </th>
          {priced ? (
            <th scope="col" className={`${PRICE_CELL} font-semibold`}>
              Unit price
            </th>
          ) : null}
          {priced ? (
            <th scope="col" className={`${PRICE_CELL} font-semibold`}>
              Total
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {presentation.lines.flatMap((line) => [
          <tr key={line.id} className="border-b border-black/5 align-top" data-testid="presented-line">
            <td className="py-2">
              <span className="block font-semibold">{line.name}</span>
              <span className="block text-xs text-black/60">SKU {line.sku}</span>
              {line.vehicle ? <span className="block text-xs">Vehicle: {line.vehicle}</span> : null}
            </td>
            {rowCells(line)}
          </tr>,
          ...line.accessories.map((accessory) => (
            <tr
              key={`${line.id}-${accessory.sku}`}
              className="border-b border-black/5 align-top text-black/80"
              data-testid="presented-accessory"
            >
              <td className="py-1 pl-4">
                <span className="block">{accessory.name}</span>
                <span className="block text-xs text-black/60">SKU {accessory.sku}</span>
              </td>
              {rowCells(accessory)}
            </tr>
          )),
        ])}
      </tbody>
    </table>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-black/10 pt-2 text-base font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The order's figures in the presentation's order: discount, subtotal excl. GST, freight, GST, total incl. GST
 * (the cart stops at the subtotal). At RRP only the retail value of the lines shows; hidden, none.
 */
export function PresentedTotals({ presentation, mode }: { presentation: OrderPresentation; mode: PriceDisplayMode }) {
  if (mode === 'Hide') {
    return <p className="text-sm text-black/70">Prices are hidden on this screen.</p>;
  }
  if (mode === 'RRP') {
    return (
      <dl className="space-y-1 text-sm" aria-label="Order totals at RRP">
        {presentation.rrpTotal ? (
          <Row label="RRP value (excl. GST)" value={presentation.rrpTotal.formatted} strong />
        ) : null}
        <p className="text-xs text-black/70">
          Showing recommended retail prices: your trade prices and totals are hidden on this screen.
        </p>
      </dl>
    );
  }
  return (
    <dl className="space-y-1 text-sm" aria-label="Order totals">
      {presentation.discount ? (
        <>
          <Row label="Items (excl. GST)" value={presentation.linesTotal.formatted} />
          <Row label={presentation.discount.label} value={`-${presentation.discount.amount.formatted}`} />
        </>
      ) : null}
      <Row label="Subtotal (excl. GST)" value={presentation.subtotal.formatted} />
      {presentation.shipping ? <Row label="Shipping" value={presentation.shipping.amount.formatted} /> : null}
      {presentation.gst ? <Row label="GST" value={presentation.gst.formatted} /> : null}
      {presentation.total ? <Row label="Total (incl. GST)" value={presentation.total.formatted} strong /> : null}
    </dl>
  );
}
