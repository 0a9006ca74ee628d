import type { Money, OrderPresentation, PresentedRow } from '../../../contract/order-presentation';
import { type PriceDisplayMode, quotedUnitCents } from '../../../domain/trade-price';
import { money } from '../../../domain/money';
import { type OrderTotalsCents, orderTotalsOf } from './order-totals';

/** A row as priced: its discount (promotion and discount code) was worked out when the cart was priced. */
export interface RowInput {
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
  readonly unitCents: number;
  /** What promotions and the discount code take off this row, in cents. */
  readonly discountCents: number;
  readonly rrpUnitCents: number | null;
}

export interface LineInput extends RowInput {
  readonly id: number;
  readonly vehicle: string | null;
  readonly accessories: readonly RowInput[];
}

/** A row priced from today's catalogue (the cart, the checkout): its RRP is always known. */
export interface CatalogueRowInput extends RowInput {
  readonly rrpUnitCents: number;
}

export interface CatalogueLineInput extends LineInput {
  readonly rrpUnitCents: number;
  readonly accessories: readonly CatalogueRowInput[];
}

export interface PresentationInput {
  readonly priceDisplay: PriceDisplayMode;
  readonly lines: readonly LineInput[];
  /** The discount code applied ('TRADE5'), named on the discount line. */
  readonly discountCode: string | null;
  /** The freight; null in the cart (calculated at checkout). */
  readonly shipping: { readonly name: string; readonly cents: number } | null;
}

export interface PresentedOrder {
  readonly presentation: OrderPresentation;
  /** What the order stores: subtotal before discount, the discount, freight, GST, total. */
  readonly totals: OrderTotalsCents;
}

function presentRow(row: RowInput, showsRrp: boolean): PresentedRow {
  const rrp = showsRrp && row.rrpUnitCents !== null ? row.rrpUnitCents : null;
  return {
    sku: row.sku,
    name: row.name,
    quantity: row.quantity,
    unitPrice: money(row.unitCents),
    amount: money(row.unitCents * row.quantity),
    rrpUnitPrice: rrp === null ? null : money(rrp),
    rrpAmount: rrp === null ? null : money(rrp * row.quantity),
  };
}

export function discountLabelOf(code: string | null): string {
  return code ? `Discount (code ${code})` : 'Discount (promotions)';
}

/**
 * The one place an order's figures are put together, for the cart, the checkout page, the success page, the
 * invoice details and the invoice PDF: every row at quantity × unit price, one discount line (Σ of the rows'
 * discounts), the subtotal excl. GST, freight, GST once on the GST-exclusive total, and the total. The rows,
 * the discount line, freight and GST add up to the total to the cent, by construction.
 */
export function presentOrder(input: PresentationInput): PresentedOrder {
  const showsRrp = input.priceDisplay !== 'Hide';
  const rows = input.lines.flatMap((line) => [line, ...line.accessories]);
  const linesTotal = rows.reduce((sum, row) => sum + row.unitCents * row.quantity, 0);
  const discountCents = rows.reduce((sum, row) => sum + row.discountCents, 0);
  const totals = orderTotalsOf({ subtotalCents: linesTotal, discountCents, shippingCents: input.shipping?.cents ?? 0 });
  const rrpTotal = rows.reduce<number | null>(
    (sum, row) => (sum === null || row.rrpUnitCents === null ? null : sum + row.rrpUnitCents * row.quantity),
    0,
  );
  return {
    totals,
    presentation: {
      priceDisplay: input.priceDisplay,
      lines: input.lines.map((line) => ({
        ...presentRow(line, showsRrp),
        id: line.id,
        vehicle: line.vehicle,
        accessories: line.accessories.map((accessory) => presentRow(accessory, showsRrp)),
      })),
      linesTotal: money(linesTotal),
      discount:
        discountCents === 0 ? null : { label: discountLabelOf(input.discountCode), amount: money(discountCents) },
      subtotal: money(linesTotal - discountCents),
      shipping: input.shipping ? { name: input.shipping.name, amount: money(input.shipping.cents) } : null,
      gst: input.shipping ? money(totals.taxCents) : null,
      total: input.shipping ? money(totals.totalCents) : null,
      rrpTotal: showsRrp && rrpTotal !== null ? money(rrpTotal) : null,
    },
  };
}

/**
 * The discount line as one more entry of an answer's flat `lines` (Checkout/Success, Account/InvoiceDetails): the
 * rows there are at quantity × unit price like the presentation's, so the discount goes in as a line of its own, at
 * minus what it takes off, and the lines add up to the presentation's subtotal, as an ERP reading only the lines and
 * the subtotal expects. Null when nothing is taken off.
 */
export function discountAsLine(
  presentation: OrderPresentation,
): { readonly label: string; readonly amount: Money } | null {
  if (presentation.discount === null) return null;
  return { label: presentation.discount.label, amount: money(-presentation.discount.amount.cents) };
}

/**
 * A row as an account is answered before it orders, by its price display (the catalogue's rule, displayedPrice):
 * an RRP account gets the row at RRP and no discount, since promotions and discount codes take trade money off.
 */
export function rowAsQuoted<T extends CatalogueRowInput>(row: T, priceDisplay: PriceDisplayMode): T {
  if (priceDisplay !== 'RRP') return row;
  return { ...row, unitCents: quotedUnitCents(priceDisplay, row.rrpUnitCents, row.unitCents), discountCents: 0 };
}

export function lineAsQuoted(line: CatalogueLineInput, priceDisplay: PriceDisplayMode): CatalogueLineInput {
  return {
    ...rowAsQuoted(line, priceDisplay),
    accessories: line.accessories.map((row) => rowAsQuoted(row, priceDisplay)),
  };
}

export interface QuoteInput extends PresentationInput {
  readonly lines: readonly CatalogueLineInput[];
}

/**
 * The cart or the checkout, not yet ordered: the totals the order would store (trade, always) and the presentation
 * the account is answered. An RRP account's presentation is at RRP throughout; it carries no GST or total, which
 * would be trade money. Placed orders keep presentOrder: they show what was charged.
 */
export function presentQuote(input: QuoteInput): PresentedOrder {
  const { totals, presentation } = presentOrder(input);
  if (input.priceDisplay !== 'RRP') return { totals, presentation };
  const lines = input.lines.map((line) => lineAsQuoted(line, input.priceDisplay));
  const quoted = presentOrder({ ...input, lines, shipping: null });
  return { totals, presentation: { ...quoted.presentation, shipping: presentation.shipping } };
}
