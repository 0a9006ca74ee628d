import { and, asc, count, desc, eq, ilike, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Quote,
  QuoteList,
  QuoteServiceKind,
  quoteListQuerySchema,
  quoteRequestSchema,
} from '../../../contract/quotes';
import { walkInUnitCents } from '../../../domain/applied-price';
import { gstOf } from '../../../domain/gst';
import { money } from '../../../domain/money';
import type { Database } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { accounts, products, quoteLines, quoteServiceLines, quotes, users } from '../../db/schema';
import { problems } from '../../http/problem';
import { shopDateOf } from '../../dates';
import { accountCents } from '../catalogue/catalogue-answers';
import { findProduct } from '../catalogue/catalogue-product-lookup';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { quoteIssuer, quoteSettingsRow } from './quote-settings';

type QuoteInput = z.output<typeof quoteRequestSchema>;
type QuoteRow = typeof quotes.$inferSelect;

export interface QuoteAuthor {
  readonly accountId: number;
  readonly userId: number;
}

/** Q-0042: how a quote's number is shown, on the page, in the list and on the PDF. */
export const quoteReference = (number: number) => `Q-${String(number).padStart(4, '0')}`;

/** What the service lines say when the quote names no description of its own. */
const SERVICE_DESCRIPTIONS: Record<QuoteServiceKind, string> = {
  Fitting: 'Fitting',
  Balancing: 'Wheel balancing',
  Disposal: 'Tyre disposal',
};

/**
 * The quote's product lines priced by the one quoting rule (walkInUnitCents), from the catalogue the shop sees today;
 * the service lines at the price given, or the shop's own from its settings.
 */
async function pricedLines(
  db: Database,
  catalogue: CatalogueReadModel,
  accountId: number,
  input: QuoteInput,
  now: Date,
) {
  const snapshot = await catalogue.snapshot();
  const pricing = await catalogue.account(accountId, now);
  const settings = await quoteSettingsRow(db, accountId);
  const markup = settings?.markupBasisPoints ?? null;
  const lines = input.lines.map((line, index) => {
    const found = findProduct(snapshot, line.productId);
    if (!found) {
      const reason = `Product ${line.productId} is not in the catalogue.`;
      throw problems.badRequest(reason, [{ name: `lines.${index}.productId`, reason }]);
    }
    const unitCents = walkInUnitCents(
      found.record.rrpCents,
      accountCents(found.record, pricing, line.quantity),
      markup,
    );
    return { productId: line.productId, quantity: line.quantity, unitCents };
  });
  const shopPrices: Record<QuoteServiceKind, number> = {
    Fitting: settings?.fittingCents ?? 0,
    Balancing: settings?.balancingCents ?? 0,
    Disposal: settings?.disposalCents ?? 0,
  };
  const services = input.services.map((service) => ({
    kind: service.kind,
    description: service.description || SERVICE_DESCRIPTIONS[service.kind],
    quantity: service.quantity,
    unitCents: service.unitCents ?? shopPrices[service.kind],
  }));
  return { lines, services };
}

function refusePastDate(validUntil: string, now: Date): void {
  if (validUntil < shopDateOf(now)) {
    const reason = 'A quote must be valid until today or later.';
    throw problems.badRequest(reason, [{ name: 'validUntil', reason }]);
  }
}

const headerOf = (input: QuoteInput) => ({
  customerName: input.customerName,
  vehicle: input.vehicle,
  validUntil: input.validUntil,
  notes: input.notes,
});

async function findAccountQuote(db: Database, accountId: number, id: number): Promise<QuoteRow> {
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.accountId, accountId)));
  if (!quote) throw problems.notFound(`There is no quote ${id} on your account.`);
  return quote;
}

export async function createQuote(
  db: Database,
  catalogue: CatalogueReadModel,
  author: QuoteAuthor,
  input: QuoteInput,
  now: Date,
): Promise<Quote> {
  refusePastDate(input.validUntil, now);
  const priced = await pricedLines(db, catalogue, author.accountId, input, now);
  const id = await db.transaction(async (tx) => {
    // The account's row orders concurrent creations, so each quote takes the next number.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, author.accountId)).for('update');
    const [last] = await tx
      .select({ number: max(quotes.number) })
      .from(quotes)
      .where(eq(quotes.accountId, author.accountId));
    const [quote] = await tx
      .insert(quotes)
      .values({
        accountId: author.accountId,
        number: (last?.number ?? 0) + 1,
        createdByUserId: author.userId,
        ...headerOf(input),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: quotes.id });
    if (!quote) throw new Error('quote not created');
    await writeLines(tx, quote.id, priced);
    return quote.id;
  });
  return readQuote(db, author.accountId, id);
}

export async function updateQuote(
  db: Database,
  catalogue: CatalogueReadModel,
  accountId: number,
  id: number,
  input: QuoteInput,
  now: Date,
): Promise<Quote> {
  await findAccountQuote(db, accountId, id);
  refusePastDate(input.validUntil, now);
  const priced = await pricedLines(db, catalogue, accountId, input, now);
  await db.transaction(async (tx) => {
    await tx
      .update(quotes)
      .set({ ...headerOf(input), updatedAt: now })
      .where(and(eq(quotes.id, id), eq(quotes.accountId, accountId)));
    await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id));
    await tx.delete(quoteServiceLines).where(eq(quoteServiceLines.quoteId, id));
    await writeLines(tx, id, priced);
  });
  return readQuote(db, accountId, id);
}

async function writeLines(db: Database, quoteId: number, priced: Awaited<ReturnType<typeof pricedLines>>) {
  if (priced.lines.length > 0) await db.insert(quoteLines).values(priced.lines.map((line) => ({ ...line, quoteId })));
  if (priced.services.length > 0) {
    await db.insert(quoteServiceLines).values(priced.services.map((service) => ({ ...service, quoteId })));
  }
}

export async function deleteQuote(db: Database, accountId: number, id: number): Promise<{ id: number }> {
  await findAccountQuote(db, accountId, id);
  await db.delete(quotes).where(and(eq(quotes.id, id), eq(quotes.accountId, accountId)));
  return { id };
}

const totalsOf = (exclusiveCents: number) => {
  const gst = gstOf(exclusiveCents);
  return { subtotal: money(exclusiveCents), gst: money(gst), total: money(exclusiveCents + gst) };
};

/** One of the account's quotes as every screen and the PDF show it (404 for any other). */
export async function readQuote(db: Database, accountId: number, id: number): Promise<Quote> {
  const quote = await findAccountQuote(db, accountId, id);
  const lines = await db
    .select({ line: quoteLines, sku: products.sku, name: products.name })
    .from(quoteLines)
    .innerJoin(products, eq(products.id, quoteLines.productId))
    .where(eq(quoteLines.quoteId, id))
    .orderBy(asc(quoteLines.id));
  const services = await db
    .select()
    .from(quoteServiceLines)
    .where(eq(quoteServiceLines.quoteId, id))
    .orderBy(asc(quoteServiceLines.id));
  const [author] =
    quote.createdByUserId === null
      ? []
      : await db.select({ name: users.name }).from(users).where(eq(users.id, quote.createdByUserId));
  const presentedLines = lines.map(({ line, sku, name }) => ({
    id: line.id,
    productId: line.productId,
    sku,
    name,
    quantity: line.quantity,
    unitPrice: money(line.unitCents),
    amount: money(line.unitCents * line.quantity),
  }));
  const presentedServices = services.map((service) => ({
    id: service.id,
    kind: service.kind as QuoteServiceKind,
    description: service.description,
    quantity: service.quantity,
    unitPrice: money(service.unitCents),
    amount: money(service.unitCents * service.quantity),
  }));
  const exclusive = [...presentedLines, ...presentedServices].reduce((sum, row) => sum + row.amount.cents, 0);
  return {
    id: quote.id,
    number: quote.number,
    reference: quoteReference(quote.number),
    customerName: quote.customerName,
    vehicle: quote.vehicle,
    validUntil: quote.validUntil,
    notes: quote.notes,
    createdAt: quote.createdAt.toISOString(),
    createdBy: author?.name ?? '',
    shop: await quoteIssuer(db, accountId),
    lines: presentedLines,
    services: presentedServices,
    ...totalsOf(exclusive),
  };
}

/** The account's quotes, newest first; `search` finds the customer's name in any case, any part. */
export async function listQuotes(
  db: Database,
  accountId: number,
  query: z.output<typeof quoteListQuerySchema>,
): Promise<QuoteList> {
  const where = and(
    eq(quotes.accountId, accountId),
    query.search ? ilike(quotes.customerName, likePattern(query.search)) : undefined,
  );
  const [counted] = await db.select({ value: count() }).from(quotes).where(where);
  const totalCount = counted?.value ?? 0;
  const rows = await db
    .select()
    .from(quotes)
    .where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const ids = rows.map((row) => row.id);
  const exclusive = new Map<number, number>();
  const add = (quoteId: number, cents: number) => exclusive.set(quoteId, (exclusive.get(quoteId) ?? 0) + cents);
  if (ids.length > 0) {
    for (const line of await db.select().from(quoteLines).where(inArray(quoteLines.quoteId, ids)))
      add(line.quoteId, line.unitCents * line.quantity);
    for (const service of await db.select().from(quoteServiceLines).where(inArray(quoteServiceLines.quoteId, ids)))
      add(service.quoteId, service.unitCents * service.quantity);
  }
  return {
    quotes: rows.map((row) => ({
      id: row.id,
      number: row.number,
      reference: quoteReference(row.number),
      customerName: row.customerName,
      vehicle: row.vehicle,
      validUntil: row.validUntil,
      createdAt: row.createdAt.toISOString(),
      total: totalsOf(exclusive.get(row.id) ?? 0).total,
    })),
    totalCount,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}

/** The quote's products and quantities, for the cart: the service lines are the shop's own and stay on the quote. */
export async function quoteProducts(
  db: Database,
  accountId: number,
  id: number,
): Promise<{ productId: number; quantity: number }[]> {
  await findAccountQuote(db, accountId, id);
  return db
    .select({ productId: quoteLines.productId, quantity: quoteLines.quantity })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, id))
    .orderBy(asc(quoteLines.id));
}
