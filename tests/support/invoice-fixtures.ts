import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { invoiceLines, invoices, paymentInvoices, payments } from '../../src/server/db/schema';
import { gstOf } from '../../src/domain/gst';

const DAY_MS = 86_400_000;

export interface InvoiceLineFixture {
  readonly sku?: string;
  readonly description?: string;
  /** Defaults to 'Marshal'; null for a line without a brand. */
  readonly brand?: string | null;
  readonly category?: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
}

export interface InvoiceFixture {
  /** Defaults to now. */
  readonly issuedAt?: Date;
  /** Defaults to 30 days after issue. */
  readonly dueAt?: Date;
  readonly lines?: readonly InvoiceLineFixture[];
  /** Without lines: an invoice of this total incl. GST, as a single line. */
  readonly totalCents?: number;
  readonly shippingCents?: number;
  readonly paidCents?: number;
  readonly invoiceNumber?: string;
}

const DEFAULT_LINES: readonly InvoiceLineFixture[] = [
  { category: 'Tyres', brand: 'Marshal', quantity: 4, unitPriceCents: 12_500 },
];

function linesOf(fixture: InvoiceFixture): readonly InvoiceLineFixture[] {
  if (fixture.lines) return fixture.lines;
  if (fixture.totalCents === undefined) return DEFAULT_LINES;
  const exclusive = Math.round((fixture.totalCents - (fixture.shippingCents ?? 0) * 1.1) / 1.1);
  return [{ category: 'Tyres', brand: 'Marshal', quantity: 1, unitPriceCents: exclusive }];
}

/** An invoice as checkout or the demo history would write it: totals from its lines, GST as checkout works it out. */
export async function createInvoice(db: Database, accountId: number, fixture: InvoiceFixture = {}) {
  const lines = linesOf(fixture);
  const issuedAt = fixture.issuedAt ?? new Date();
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const shippingCents = fixture.shippingCents ?? 0;
  const totalCents = fixture.totalCents ?? subtotalCents + shippingCents + gstOf(subtotalCents + shippingCents);
  const taxCents = totalCents - subtotalCents - shippingCents;
  const paidCents = fixture.paidCents ?? 0;
  const [invoice] = await db
    .insert(invoices)
    .values({
      invoiceNumber: fixture.invoiceNumber ?? `INV${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
      accountId,
      issuedAt,
      dueAt: fixture.dueAt ?? new Date(issuedAt.getTime() + 30 * DAY_MS),
      subtotalCents,
      shippingCents,
      taxCents,
      totalCents,
      paidCents,
      paidAt: paidCents >= totalCents ? issuedAt : null,
    })
    .returning();
  if (!invoice) throw new Error('invoice not created');
  await db.insert(invoiceLines).values(
    lines.map((line, index) => ({
      invoiceId: invoice.id,
      sku: line.sku ?? `SKU-${index + 1}`,
      description: line.description ?? `${line.brand ?? 'Generic'} item ${index + 1}`,
      brand: line.brand === undefined ? 'Marshal' : line.brand,
      category: line.category ?? 'Tyres',
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.quantity * line.unitPriceCents,
    })),
  );
  return invoice;
}

export async function invoiceById(db: Database, id: number) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) throw new Error(`no invoice ${id}`);
  return invoice;
}

/** A completed card payment settling `amountCents` of the invoice (the invoice's paid amount is the caller's to set). */
export async function recordPayment(
  db: Database,
  invoice: { id: number; accountId: number },
  amountCents: number,
  at: Date,
) {
  const [payment] = await db
    .insert(payments)
    .values({
      reference: `PAY-${randomUUID().slice(0, 8)}`,
      accountId: invoice.accountId,
      kind: 'Invoice',
      method: 'Payments.Card',
      amountCents,
      status: 'Completed',
      createdAt: at,
      completedAt: at,
    })
    .returning();
  if (!payment) throw new Error('payment not created');
  await db.insert(paymentInvoices).values({ paymentId: payment.id, invoiceId: invoice.id, amountCents });
  return payment;
}
