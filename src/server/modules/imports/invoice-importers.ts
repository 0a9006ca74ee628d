import { eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceLineRow, InvoicePaymentRow, InvoiceRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { erpPayments, invoiceLines, invoices, orders } from '../../db/schema';
import { shopDayRange } from '../../dates';
import { owedCents } from '../account/invoice-owed';
import { awardPurchasePoints } from '../pit-pass/pit-pass';
import type { AppliedCounts, EntityImporter, ResolvedRow, RowIssue } from './import-entity';
import { accountsByCode, productIdsBySku } from './natural-keys';

type Rows<Row> = readonly { line: number; row: Row }[];

/** The midnight a Melbourne day begins and the midnight it ends. */
const dayStart = (day: string) => shopDayRange(day, undefined).start as Date;
const dayEnd = (day: string) => shopDayRange(undefined, day).end as Date;

/** The stored invoices a batch names, by invoice number as written (numbers are matched exactly). */
async function invoicesByNumber(db: Database, numbers: readonly string[]) {
  const found =
    numbers.length === 0
      ? []
      : await db
          .select({
            id: invoices.id,
            invoiceNumber: invoices.invoiceNumber,
            accountId: invoices.accountId,
            orderId: invoices.orderId,
            owedCents,
          })
          .from(invoices)
          .where(inArray(invoices.invoiceNumber, [...new Set(numbers)]));
  return new Map(found.map((invoice) => [invoice.invoiceNumber, invoice]));
}

/** Why a line or payment naming an invoice the shop does not hold is refused. */
const unknownInvoice = (invoiceNumber: string): RowIssue => ({
  column: 'invoice_number',
  value: invoiceNumber,
  reason: 'no invoice has this number (import the invoices first)',
});

// ---------- Invoices ----------

interface InvoiceSession {
  readonly accounts: Awaited<ReturnType<typeof accountsByCode>>;
  /** Orders the file's rows have invoiced so far → the invoice number: an order has one invoice. */
  readonly ordersInvoiced: Map<number, string>;
}

interface ResolvedInvoice {
  readonly row: InvoiceRow;
  readonly accountId: number;
}

/**
 * An invoice stays with the account it was issued to, and invoices at most one of that account's orders: one the
 * shop already invoiced under another number is refused (with INVOICE_NUMBERS_FROM_ERP the shop invoices none).
 */
async function resolveInvoices(
  db: Database,
  session: InvoiceSession,
  rows: Rows<InvoiceRow>,
): Promise<ResolvedRow<ResolvedInvoice>[]> {
  const stored = await invoicesByNumber(
    db,
    rows.map(({ row }) => row.invoice_number),
  );
  const orderIds = [...new Set(rows.flatMap(({ row }) => (row.order_number === null ? [] : [row.order_number])))];
  const orderRows =
    orderIds.length === 0
      ? []
      : await db
          .select({ id: orders.id, accountId: orders.accountId, invoiceNumber: invoices.invoiceNumber })
          .from(orders)
          .leftJoin(invoices, eq(invoices.orderId, orders.id))
          .where(inArray(orders.id, orderIds));
  const orderById = new Map(orderRows.map((order) => [order.id, order]));
  return rows.map(({ line, row }) => {
    const accountId = session.accounts.ids.get(row.account.toUpperCase());
    if (accountId === undefined) {
      return { line, issue: { column: 'account', value: row.account, reason: 'no account has this code' } };
    }
    const current = stored.get(row.invoice_number);
    if (current && current.accountId !== accountId) {
      const owner = session.accounts.codes.get(current.accountId) ?? String(current.accountId);
      return { line, issue: { column: 'account', value: row.account, reason: `the invoice is to account ${owner}` } };
    }
    if (row.order_number !== null) {
      const order = orderById.get(row.order_number);
      const value = String(row.order_number);
      if (!order || order.accountId !== accountId) {
        return { line, issue: { column: 'order_number', value, reason: "is not one of this account's orders" } };
      }
      const invoicedAs = order.invoiceNumber ?? session.ordersInvoiced.get(row.order_number) ?? null;
      if (invoicedAs !== null && invoicedAs !== row.invoice_number) {
        return { line, issue: { column: 'order_number', value, reason: `is invoiced as ${invoicedAs}` } };
      }
      session.ordersInvoiced.set(row.order_number, row.invoice_number);
    }
    return { line, resolved: { row, accountId } };
  });
}

const invoiceValues = ({ row, accountId }: ResolvedInvoice) => ({
  invoiceNumber: row.invoice_number,
  accountId,
  orderId: row.order_number,
  issuedAt: dayStart(row.issued),
  dueAt: dayEnd(row.due),
  subtotalCents: row.subtotal,
  discountCents: row.discount,
  shippingCents: row.shipping,
  taxCents: row.tax,
  totalCents: row.total,
});

/**
 * Upserts by invoice number; what was paid stays as it is. A new invoice earns Pit Pass points as the shop's own do.
 * An invoice due after its last day is overdue from the Melbourne midnight that ends it.
 */
async function applyInvoices(
  tx: Database,
  _session: InvoiceSession,
  rows: readonly ResolvedInvoice[],
): Promise<AppliedCounts> {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const stored = await tx
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.invoiceNumber,
        rows.map(({ row }) => row.invoice_number),
      ),
    );
  const byNumber = new Map(stored.map((invoice) => [invoice.invoiceNumber, invoice as Record<string, unknown>]));
  for (const resolved of rows) {
    const values = invoiceValues(resolved);
    const current = byNumber.get(values.invoiceNumber);
    if (!current) {
      const [created] = await tx.insert(invoices).values(values).returning();
      if (!created) throw new Error('invoice not created');
      await awardPurchasePoints(tx, created);
      byNumber.set(values.invoiceNumber, created);
      counts.created += 1;
      continue;
    }
    const differs = Object.entries(values).some(([key, value]) =>
      value instanceof Date ? (current[key] as Date).getTime() !== value.getTime() : current[key] !== value,
    );
    if (!differs) {
      counts.unchanged += 1;
      continue;
    }
    await tx
      .update(invoices)
      .set(values)
      .where(eq(invoices.id, current.id as number));
    byNumber.set(values.invoiceNumber, { ...current, ...values });
    counts.updated += 1;
  }
  return counts;
}

export const invoiceImporter: EntityImporter<InvoiceRow, ResolvedInvoice, InvoiceSession> = {
  fills: [invoices],
  begin: async (db) => ({ accounts: await accountsByCode(db), ordersInvoiced: new Map() }),
  resolve: resolveInvoices,
  apply: applyInvoices,
};

// ---------- Invoice lines ----------

type InvoiceLineValues = typeof invoiceLines.$inferInsert & { readonly lineNumber: number; readonly invoiceId: number };

async function resolveInvoiceLines(
  db: Database,
  _session: undefined,
  rows: Rows<InvoiceLineRow>,
): Promise<ResolvedRow<InvoiceLineValues>[]> {
  const [stored, productIds] = await Promise.all([
    invoicesByNumber(
      db,
      rows.map(({ row }) => row.invoice_number),
    ),
    productIdsBySku(db, rows),
  ]);
  return rows.map(({ line, row }) => {
    const invoice = stored.get(row.invoice_number);
    if (!invoice) return { line, issue: unknownInvoice(row.invoice_number) };
    return {
      line,
      resolved: {
        invoiceId: invoice.id,
        lineNumber: row.line,
        // A SKU the catalogue does not hold (discontinued, a service) is kept as written, without a product.
        productId: productIds.get(row.sku.toUpperCase()) ?? null,
        sku: row.sku,
        description: row.description,
        brand: row.brand === '' ? null : row.brand,
        category: row.category,
        quantity: row.quantity,
        unitPriceCents: row.unit_price,
        lineTotalCents: row.line_total,
      },
    };
  });
}

/** Upserts each line by its invoice and line number; a line listed twice takes its last row. */
async function applyInvoiceLines(
  tx: Database,
  _session: undefined,
  rows: readonly InvoiceLineValues[],
): Promise<AppliedCounts> {
  const lines = [...new Map(rows.map((line) => [`${line.invoiceId}:${line.lineNumber}`, line])).values()];
  const stored = await tx
    .select()
    .from(invoiceLines)
    .where(
      inArray(
        invoiceLines.invoiceId,
        lines.map((line) => line.invoiceId),
      ),
    );
  const byKey = new Map(
    stored.map((line) => [`${line.invoiceId}:${line.lineNumber}`, line as Record<string, unknown>]),
  );
  let created = 0;
  const changed = lines.filter((line) => {
    const current = byKey.get(`${line.invoiceId}:${line.lineNumber}`);
    if (!current) created += 1;
    return !current || Object.entries(line).some(([key, value]) => current[key] !== value);
  });
  if (changed.length > 0) {
    await tx
      .insert(invoiceLines)
      .values(changed)
      .onConflictDoUpdate({
        target: [invoiceLines.invoiceId, invoiceLines.lineNumber],
        set: {
          productId: sql`excluded.product_id`,
          sku: sql`excluded.sku`,
          description: sql`excluded.description`,
          brand: sql`excluded.brand`,
          category: sql`excluded.category`,
          quantity: sql`excluded.quantity`,
          unitPriceCents: sql`excluded.unit_price_cents`,
          lineTotalCents: sql`excluded.line_total_cents`,
        },
      });
  }
  return { created, updated: changed.length - created, unchanged: lines.length - changed.length };
}

export const invoiceLineImporter: EntityImporter<InvoiceLineRow, InvoiceLineValues, undefined> = {
  fills: [invoiceLines],
  begin: async () => undefined,
  resolve: resolveInvoiceLines,
  apply: applyInvoiceLines,
};

// ---------- Payments made outside the shop ----------

interface ResolvedPayment {
  readonly reference: string;
  readonly invoiceId: number;
  readonly amountCents: number;
  readonly paidAt: Date;
}

const paymentKey = (payment: { reference: string; invoiceId: number }) => `${payment.invoiceId}\n${payment.reference}`;

/** What the stored payments of these invoices put towards each, by invoice and reference. */
async function storedPayments(db: Database, invoiceIds: readonly number[]) {
  const rows =
    invoiceIds.length === 0
      ? []
      : await db
          .select()
          .from(erpPayments)
          .where(inArray(erpPayments.invoiceId, [...new Set(invoiceIds)]));
  return new Map(rows.map((payment) => [paymentKey(payment), payment]));
}

/** A payment may not take an invoice past its total: the shop would show it paid by more than it cost. */
async function resolveInvoicePayments(
  db: Database,
  _session: undefined,
  rows: Rows<InvoicePaymentRow>,
): Promise<ResolvedRow<ResolvedPayment>[]> {
  const stored = await invoicesByNumber(
    db,
    rows.map(({ row }) => row.invoice_number),
  );
  const previous = await storedPayments(
    db,
    [...stored.values()].map((invoice) => invoice.id),
  );
  return rows.map(({ line, row }) => {
    const invoice = stored.get(row.invoice_number);
    if (!invoice) return { line, issue: unknownInvoice(row.invoice_number) };
    const before = previous.get(paymentKey({ reference: row.reference, invoiceId: invoice.id }))?.amountCents ?? 0;
    const owing = invoice.owedCents + before;
    if (row.amount > owing) {
      const reason = `is more than the invoice owes (${(owing / 100).toFixed(2)})`;
      return { line, issue: { column: 'amount', value: (row.amount / 100).toFixed(2), reason } };
    }
    return {
      line,
      resolved: {
        reference: row.reference,
        invoiceId: invoice.id,
        amountCents: row.amount,
        paidAt: dayStart(row.paid),
      },
    };
  });
}

/**
 * Sets what each payment put towards each invoice (a level) and moves the invoice's paid amount by the difference,
 * under the invoice's row lock, so a payment in the shop at the same moment is counted too. An invoice paid in full
 * takes the day of the payment that completed it.
 */
async function applyInvoicePayments(
  tx: Database,
  _session: undefined,
  rows: readonly ResolvedPayment[],
): Promise<AppliedCounts> {
  const payments = [...new Map(rows.map((payment) => [paymentKey(payment), payment])).values()];
  const invoiceIds = [...new Set(payments.map((payment) => payment.invoiceId))];
  await tx.select({ id: invoices.id }).from(invoices).where(inArray(invoices.id, invoiceIds)).for('update');
  const previous = await storedPayments(tx, invoiceIds);
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const payment of payments) {
    const before = previous.get(paymentKey(payment));
    const change = payment.amountCents - (before?.amountCents ?? 0);
    if (before && change === 0 && before.paidAt.getTime() === payment.paidAt.getTime()) {
      counts.unchanged += 1;
      continue;
    }
    if (payment.amountCents === 0) {
      if (before) await tx.delete(erpPayments).where(eq(erpPayments.id, before.id));
    } else {
      await tx
        .insert(erpPayments)
        .values(payment)
        .onConflictDoUpdate({
          target: [erpPayments.reference, erpPayments.invoiceId],
          set: { amountCents: payment.amountCents, paidAt: payment.paidAt },
        });
    }
    if (change !== 0) {
      await tx
        .update(invoices)
        .set({
          paidCents: sql`${invoices.paidCents} + ${change}`,
          paidAt: sql`case when ${invoices.paidCents} + ${change} + ${invoices.creditedCents} >= ${invoices.totalCents}
            then coalesce(${invoices.paidAt}, ${payment.paidAt.toISOString()}::timestamptz) end`,
        })
        .where(eq(invoices.id, payment.invoiceId));
    }
    if (before) counts.updated += 1;
    else counts.created += 1;
  }
  return counts;
}

export const invoicePaymentImporter: EntityImporter<InvoicePaymentRow, ResolvedPayment, undefined> = {
  fills: [erpPayments],
  begin: async () => undefined,
  resolve: resolveInvoicePayments,
  apply: applyInvoicePayments,
};
