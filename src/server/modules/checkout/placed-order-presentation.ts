import { and, asc, eq, gt } from 'drizzle-orm';
import type { BackOrderedLine } from '../../../contract/order-presentation';
import { expectedWords } from '../../../domain/shipment-split';
import type { PriceDisplayMode } from '../../../domain/trade-price';
import type { Database } from '../../db/client';
import { invoiceLines, type invoices, orderLines, type orders } from '../../db/schema';
import { findProduct } from '../catalogue/catalogue-product-lookup';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { type LineInput, type PresentedOrder, type RowInput, presentOrder } from './order-presentation';

type OrderLineRow = typeof orderLines.$inferSelect;

/** The rows of a placed order, accessories under their wheel line, with the prices and discounts frozen at placing. */
function lineInputsOf(rows: readonly OrderLineRow[], rrpOf: (productId: number | null) => number | null): LineInput[] {
  const rowOf = (row: OrderLineRow): RowInput => ({
    sku: row.sku,
    name: row.name,
    quantity: row.quantity,
    unitCents: row.unitPriceCents,
    discountCents: row.discountCents,
    rrpUnitCents: rrpOf(row.productId),
  });
  return rows
    .filter((row) => row.parentLineId === null)
    .map((parent) => ({
      ...rowOf(parent),
      id: parent.id,
      vehicle: parent.vehicleDescription,
      accessories: rows.filter((row) => row.parentLineId === parent.id).map(rowOf),
    }));
}

/**
 * A placed order as the success page and its invoice show it: the same presentOrder as the checkout, over the
 * stored lines. RRP comes from today's catalogue (only a screen set to RRP shows it; the order keeps trade prices).
 */
export async function placedOrderPresentation(
  db: Database,
  catalogue: CatalogueReadModel,
  order: Pick<typeof orders.$inferSelect, 'id' | 'discountCode' | 'shippingMethodName' | 'shippingCents'>,
  priceDisplay: PriceDisplayMode,
): Promise<PresentedOrder> {
  const [rows, snapshot] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    catalogue.snapshot(),
  ]);
  const rrpOf = (productId: number | null) =>
    productId === null ? null : (findProduct(snapshot, productId)?.record.rrpCents ?? null);
  return presentOrder({
    priceDisplay,
    lines: lineInputsOf(rows, rrpOf),
    discountCode: order.discountCode,
    shipping: { name: order.shippingMethodName, cents: order.shippingCents },
  });
}

/** The order's back-ordered lines, as the order's page, its invoice and the invoice PDF show them. */
export async function backOrderedLinesOf(db: Database, orderId: number | null): Promise<BackOrderedLine[]> {
  if (orderId === null) return [];
  const rows = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), gt(orderLines.backOrderQuantity, 0)))
    .orderBy(asc(orderLines.id));
  return rows.flatMap((row) =>
    row.backOrderExpectedDate === null
      ? []
      : [
          {
            lineId: row.parentLineId ?? row.id,
            sku: row.sku,
            name: row.name,
            quantity: row.quantity,
            backOrder: row.backOrderQuantity,
            expectedDate: row.backOrderExpectedDate,
            expected: expectedWords(row.backOrderExpectedDate),
          },
        ],
  );
}

/**
 * An invoice as its details and its PDF show it, always at trade prices (it is the tax invoice). An invoice of a
 * web order is its order's presentation; one without an order (history, phone orders) has flat lines.
 */
export async function invoicePresentation(
  db: Database,
  catalogue: CatalogueReadModel,
  invoice: Pick<typeof invoices.$inferSelect, 'id' | 'orderId' | 'shippingCents'>,
  order: Pick<typeof orders.$inferSelect, 'id' | 'discountCode' | 'shippingMethodName' | 'shippingCents'> | null,
): Promise<PresentedOrder> {
  if (order) return placedOrderPresentation(db, catalogue, order, 'Trade');
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.id));
  return presentOrder({
    priceDisplay: 'Trade',
    lines: rows.map((row) => ({
      id: row.id,
      sku: row.sku,
      name: row.description,
      quantity: row.quantity,
      unitCents: row.unitPriceCents,
      discountCents: row.unitPriceCents * row.quantity - row.lineTotalCents,
      rrpUnitCents: null,
      vehicle: null,
      accessories: [],
    })),
    discountCode: null,
    shipping: { name: 'Freight', cents: invoice.shippingCents },
  });
}
