import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { selectAndEmailReceiptSchema, selectAndEmailRequestSchema } from '../../../contract/catalogue-forms';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { formatSenderDateTime } from '../../dates';
import { accounts, productQuoteEmails, users } from '../../db/schema';
import { HttpProblem, problems } from '../../http/problem';
import { mailerFor } from '../../integrations/mail/mailer';
import type { CustomerPrincipal } from '../auth/principal';
import type { AccountPricing } from '../catalogue/catalogue-read-model';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { readSiteSettings } from '../global/site-settings';
import { newCatalogueFormReference } from '../product-enquiry/catalogue-form-reference';
import { quoteLines } from './quote-lines';
import { quoteMail } from './quote-mail';

type Request = z.output<typeof selectAndEmailRequestSchema>;
type Receipt = z.output<typeof selectAndEmailReceiptSchema>;

export interface SelectAndEmailContext {
  readonly db: Database;
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  readonly now: Date;
  /** Minutes east of UTC of the sender's clock: the quote's date is the sender's date. */
  readonly timezoneOffsetMinutes: number;
  readonly snapshot: CatalogueSnapshot;
  readonly account: AccountPricing;
  readonly customer: CustomerPrincipal;
}

/**
 * Mails the customer's chosen products to an address as a formatted quote and keeps a copy of the lines as sent.
 * Unlike a form acknowledgement, the mail is the point: when it cannot be sent the customer is told (503).
 */
export async function sendProductQuote(context: SelectAndEmailContext, request: Request): Promise<Receipt> {
  const lines = quoteLines(context.snapshot, context.account, request.products, request.priceMode, context.now);
  const [sender] = await context.db
    .select({ accountCode: accounts.code, accountName: accounts.name, userName: users.name })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, context.customer.userId));
  if (!sender) throw problems.unauthorized('Sign in again to send a quote.');
  const reference = newCatalogueFormReference('QT');
  const settings = await readSiteSettings(context.db, context.config.seedDemoData);
  const mail = quoteMail({
    reference,
    fromAccount: sender.accountName,
    fromUser: sender.userName,
    recipientName: request.recipientName || undefined,
    note: request.note || undefined,
    lines,
    date: formatSenderDateTime(context.now, context.timezoneOffsetMinutes),
    shopName: settings.companyName,
    shopPhone: settings.phone,
  });
  try {
    await mailerFor(context.config).send({ to: request.to, ...mail });
  } catch (error) {
    context.log.error({ err: error, reference }, 'quote mail not sent');
    throw new HttpProblem(503, 'The quote could not be sent just now. Please try again in a minute.');
  }
  await context.db.insert(productQuoteEmails).values({
    reference,
    accountId: context.customer.accountId,
    userId: context.customer.userId,
    toEmail: request.to,
    priceMode: request.priceMode === 'Account' ? context.account.priceDisplay : request.priceMode,
    note: request.note || null,
    lines,
    createdAt: context.now,
  });
  const count = request.products.length;
  return {
    reference,
    lineCount: lines.length,
    message: `Sent ${count} product${count === 1 ? '' : 's'} to ${request.to} (quote ${reference}).`,
  };
}
