import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { productEnquiryRequestSchema } from '../../../contract/catalogue-forms';
import type { FormReceipt } from '../../../contract/forms';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, productEnquiries } from '../../db/schema';
import { problems } from '../../http/problem';
import { type CaptchaVerifier, requireCaptcha } from '../../integrations/captcha/captcha-verifier';
import type { CustomerPrincipal } from '../auth/principal';
import { findProduct, productSizeText } from '../catalogue/catalogue-product-lookup';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { recordEvent } from '../events/outbox';
import { queueRequestMail } from '../forms/request-mail';
import { newCatalogueFormReference } from './catalogue-form-reference';

type Enquiry = z.output<typeof productEnquiryRequestSchema>;

export interface EnquiryContext {
  readonly db: Database;
  readonly config: Config;
  readonly now: Date;
  readonly snapshot: CatalogueSnapshot;
  readonly captcha: CaptchaVerifier;
  /** The signed-in customer; visitors prove with a captcha token that they are people. */
  readonly customer: CustomerPrincipal | null;
}

/**
 * Stores a question about one product with its event and its mails (to the trade sales desk, and an acknowledgement
 * to the sender) in one transaction: the mails leave through the mail outbox once it commits.
 */
export async function submitProductEnquiry(context: EnquiryContext, enquiry: Enquiry): Promise<FormReceipt> {
  if (!context.customer) await requireCaptcha(context.captcha, enquiry.captchaToken);
  const found = findProduct(context.snapshot, enquiry.productId);
  if (!found) {
    throw problems.badRequest('That product is not in the catalogue.', [
      { name: 'productId', reason: 'Choose a product from the catalogue' },
    ]);
  }
  const reference = newCatalogueFormReference('PE');
  const account = context.customer
    ? (
        await context.db
          .select({ code: accounts.code, name: accounts.name })
          .from(accounts)
          .where(eq(accounts.id, context.customer.accountId))
      )[0]
    : undefined;
  await context.db.transaction(async (tx) => {
    await tx.insert(productEnquiries).values({
      reference,
      productId: found.record.id,
      accountId: context.customer?.accountId ?? null,
      userId: context.customer?.userId ?? null,
      name: enquiry.name,
      email: enquiry.email,
      phone: enquiry.phone ?? null,
      quantity: enquiry.quantity ?? null,
      message: enquiry.message,
      createdAt: context.now,
    });
    await recordEvent(tx, {
      type: 'enquiry.submitted',
      subject: `enquiry:${reference}`,
      occurredAt: context.now,
      data: {
        reference,
        accountCode: account?.code ?? null,
        sku: found.record.sku,
        productName: found.record.name,
        quantity: enquiry.quantity ?? null,
        message: enquiry.message,
        contact: { name: enquiry.name, email: enquiry.email, phone: enquiry.phone ?? null },
      },
    });
    const product = `${found.record.name} (SKU ${found.record.sku}, ${productSizeText(found)})`;
    await queueRequestMail(tx, context.config, context.now, {
      reference,
      sender: { name: enquiry.name, email: enquiry.email },
      customer: context.customer,
      acknowledgement: {
        subject: `We received your enquiry about ${found.record.name} (reference ${reference})`,
        receipt: [
          `Thank you: we received your enquiry. Your reference is ${reference}. Our trade sales team answers within one business day.`,
        ],
      },
      withheldNote: [`Product: ${product}`],
      shopSubject: `Product enquiry ${reference}: ${found.record.name}`,
      details: [
        `Product: ${product}`,
        ...(enquiry.quantity ? [`Quantity: ${enquiry.quantity}`] : []),
        `From: ${enquiry.name} <${enquiry.email}>${enquiry.phone ? `, ${enquiry.phone}` : ''}`,
        `Account: ${account ? `${account.code} ${account.name}` : 'not signed in'}`,
        '',
        enquiry.message,
      ].join('\n'),
      team: 'trade sales',
    });
  });

  return {
    reference,
    message: `Thank you. We received your enquiry about ${found.record.name}: your reference is ${reference}. Our trade sales team answers within one business day.`,
  };
}
