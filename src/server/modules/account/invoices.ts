import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type {
  InvoiceDetails,
  InvoiceLine,
  InvoicePage,
  InvoicePayment,
  InvoiceSummary,
} from '../../../contract/account';
import type { PaymentMethodSystemName } from '../../../contract/checkout';
import { invoiceStanding } from '../../../domain/invoice-standing';
import type { Database } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { invoiceLines, invoices, orders, paymentInvoices, payments } from '../../db/schema';
import { problems } from '../../http/problem';
import { formatAud } from '../../../domain/money';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { discountAsLine } from '../checkout/order-presentation';
import { backOrderedLinesOf, invoicePresentation } from '../checkout/placed-order-presentation';
import { billingAddressOf, readAccount } from './account-details';
import { owedCents } from './invoice-owed';

type InvoiceRow = typeof invoices.$inferSelect;

/** The buyer's references of the order an invoice was made from (none without a web order). */
interface BuyerReferences {
  readonly stockNumber: string | null;
  readonly customerOrderNumber: string | null;
}

const NO_REFERENCES: BuyerReferences = { stockNumber: null, customerOrderNumber: null };

const buyerReferenceColumns = { stockNumber: orders.stockNumber, customerOrderNumber: orders.customerOrderNumber };

const METHOD_LABELS: Record<PaymentMethodSystemName, string> = {
  'Payments.TradingAccount': 'Trading account',
  'Payments.PayPal': 'PayPal',
  'Payments.Card': 'Card',
};

function summaryOf(invoice: InvoiceRow, references: BuyerReferences, now: Date): InvoiceSummary {
  const standing = invoiceStanding(invoice, now);
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    date: invoice.issuedAt.toISOString(),
    dueDate: invoice.dueAt.toISOString(),
    amount: formatAud(invoice.totalCents),
    amountValue: invoice.totalCents,
    outstanding: formatAud(standing.outstandingCents),
    outstandingValue: standing.outstandingCents,
    status: standing.status,
    orderId: invoice.orderId,
    stockNumber: references.stockNumber,
    orderReference: references.customerOrderNumber,
  };
}

export async function listInvoices(
  db: Database,
  accountId: number,
  paging: { page: number; pageSize: number; outstanding: boolean; search?: string | undefined },
  now: Date,
): Promise<InvoicePage> {
  const pattern = paging.search ? likePattern(paging.search) : null;
  const shown = and(
    eq(invoices.accountId, accountId),
    paging.outstanding ? sql`${owedCents} > 0` : undefined,
    pattern === null
      ? undefined
      : or(
          ilike(invoices.invoiceNumber, pattern),
          ilike(orders.stockNumber, pattern),
          ilike(orders.customerOrderNumber, pattern),
        ),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ invoice: invoices, references: buyerReferenceColumns })
      .from(invoices)
      .leftJoin(orders, eq(orders.id, invoices.orderId))
      .where(shown)
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db
      .select({
        totalCount: count(),
        outstandingCents: sql<string>`coalesce(sum(${owedCents}), 0)`,
      })
      .from(invoices)
      .leftJoin(orders, eq(orders.id, invoices.orderId))
      .where(shown),
  ]);
  const totalCount = totals?.totalCount ?? 0;
  const outstandingCents = Number(totals?.outstandingCents ?? 0);
  return {
    invoices: rows.map((row) => summaryOf(row.invoice, row.references ?? NO_REFERENCES, now)),
    totalCount,
    page: paging.page,
    pageSize: paging.pageSize,
    totalPages: Math.ceil(totalCount / paging.pageSize),
    totalOutstanding: formatAud(outstandingCents),
    totalOutstandingValue: outstandingCents,
  };
}

/** The account's invoice with this number (as typed, any case), or null; another account's is never found. */
export async function accountInvoiceByNumber(
  db: Database,
  accountId: number,
  invoiceNumber: string,
): Promise<InvoiceRow | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.invoiceNumber, invoiceNumber.toUpperCase())));
  return invoice ?? null;
}

/** The caller's invoice with this number; any other account's is as unknown as a number never issued (404). */
export async function findAccountInvoice(db: Database, accountId: number, invoiceNumber: string): Promise<InvoiceRow> {
  const invoice = await accountInvoiceByNumber(db, accountId, invoiceNumber);
  if (!invoice) throw problems.notFound(`There is no invoice ${invoiceNumber} on your account.`);
  return invoice;
}

export async function readInvoiceDetails(
  db: Database,
  catalogue: CatalogueReadModel,
  accountId: number,
  invoiceNumber: string,
  now: Date,
): Promise<InvoiceDetails> {
  const invoice = await findAccountInvoice(db, accountId, invoiceNumber);
  const [account, lines, paid, [order]] = await Promise.all([
    readAccount(db, accountId),
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.id)),
    db
      .select({
        completedAt: payments.completedAt,
        amountCents: paymentInvoices.amountCents,
        method: payments.method,
        reference: payments.reference,
      })
      .from(paymentInvoices)
      .innerJoin(payments, eq(payments.id, paymentInvoices.paymentId))
      .where(and(eq(paymentInvoices.invoiceId, invoice.id), eq(payments.status, 'Completed')))
      .orderBy(asc(payments.completedAt)),
    invoice.orderId === null ? [] : db.select().from(orders).where(eq(orders.id, invoice.orderId)),
  ]);
  const { presentation } = await invoicePresentation(db, catalogue, invoice, order ?? null);
  const backOrders = await backOrderedLinesOf(db, order?.id ?? null);
  const billing = billingAddressOf(account).address;
  const paymentsMade: InvoicePayment[] = paid.map((payment) => ({
    date: (payment.completedAt ?? invoice.paidAt ?? invoice.issuedAt).toISOString(),
    amount: formatAud(payment.amountCents),
    amountValue: payment.amountCents,
    method: METHOD_LABELS[payment.method],
    reference: payment.reference,
  }));
  const discount = discountAsLine(presentation);
  const lineItems: InvoiceLine[] = [
    ...lines.map((line) => ({
      sku: line.sku,
      description: line.description,
      brand: line.brand,
      category: line.category,
      quantity: line.quantity,
      unitPrice: formatAud(line.unitPriceCents),
      unitPriceValue: line.unitPriceCents,
      lineTotal: formatAud(line.quantity * line.unitPriceCents),
      lineTotalValue: line.quantity * line.unitPriceCents,
      isDiscount: false,
    })),
    ...(discount === null
      ? []
      : [
          {
            sku: '',
            description: discount.label,
            brand: null,
            category: 'Discount',
            quantity: 1,
            unitPrice: discount.amount.formatted,
            unitPriceValue: discount.amount.cents,
            lineTotal: discount.amount.formatted,
            lineTotalValue: discount.amount.cents,
            isDiscount: true,
          },
        ]),
  ];
  return {
    ...summaryOf(invoice, order ?? NO_REFERENCES, now),
    accountCode: account.code,
    accountName: account.name,
    billingAddress: [
      account.name,
      billing.address1,
      [billing.city, billing.state, billing.postcode].filter((part) => part !== '').join(' '),
    ].filter((line) => line.trim() !== ''),
    lines: lineItems,
    subtotal: presentation.subtotal.formatted,
    subtotalValue: presentation.subtotal.cents,
    shipping: formatAud(invoice.shippingCents),
    shippingValue: invoice.shippingCents,
    gst: formatAud(invoice.taxCents),
    gstValue: invoice.taxCents,
    total: formatAud(invoice.totalCents),
    totalValue: invoice.totalCents,
    paid: formatAud(invoice.paidCents),
    paidValue: invoice.paidCents,
    payments: paymentsMade,
    paymentTerms: paymentTermsOf(account.termsDays),
    presentation,
    backOrders,
  };
}

/** SPEC.md §6: the Trading Account is on 30-day terms. */
export function paymentTermsOf(termsDays: number): string {
  return `Trading account, ${termsDays} days`;
}
