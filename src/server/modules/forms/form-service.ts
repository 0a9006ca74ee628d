import type { FastifyBaseLogger } from 'fastify';
import type { FormReceipt } from '../../../contract/forms';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type FormKind, formSubmissions } from '../../db/schema';
import { mailerFor } from '../../integrations/mail/mailer';
import { recordEvent } from '../events/outbox';
import { readSiteSettings } from '../global/site-settings';
import { acknowledgementText, mayEchoTo } from './acknowledgement-echo';
import { newFormReference } from './form-reference';
import { type SummaryLine, summaryText } from './form-summary';

export interface Submission {
  readonly kind: FormKind;
  /** What the form is called in the acknowledgement: 'warranty claim'. */
  readonly title: string;
  readonly senderName: string;
  readonly senderEmail: string;
  /** As sent, without the captcha token. */
  readonly payload: Record<string, unknown>;
  readonly summary: readonly SummaryLine[];
  readonly customer?: { accountId: number; userId: number } | undefined;
  /** What the person is told happens next. */
  readonly nextStep: string;
  /** The event telling the wholesaler's systems of the form, written with its row; forms they need not hear of have none. */
  readonly event?: ((reference: string) => FormEvent) | undefined;
}

export type FormEvent = Parameters<typeof recordEvent>[1];

interface SubmitContext {
  readonly db: Database;
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  readonly now: Date;
}

/**
 * Stores a submission (and its event, in the same transaction), then mails the sender an acknowledgement and the shop the request. The stored row is the
 * record: a mail that cannot be sent is logged, and the person still gets their reference.
 */
export async function submitForm(
  { db, config, log, now }: SubmitContext,
  submission: Submission,
): Promise<FormReceipt> {
  const reference = newFormReference(submission.kind);
  await db.transaction(async (tx) => {
    await tx.insert(formSubmissions).values({
      reference,
      kind: submission.kind,
      accountId: submission.customer?.accountId ?? null,
      userId: submission.customer?.userId ?? null,
      email: submission.senderEmail,
      payload: submission.payload,
      createdAt: now,
    });
    if (submission.event) await recordEvent(tx, submission.event(reference));
  });

  const settings = await readSiteSettings(db, config.seedDemoData);
  const shopAddress = config.shopMailTo ?? settings.email;
  const details = summaryText(submission.summary);
  const mailer = mailerFor(config);
  const mails = [
    mailer.send({
      to: submission.senderEmail,
      subject: `We received your ${submission.title} (reference ${reference})`,
      text: acknowledgementText(await mayEchoTo(db, submission.customer, submission.senderEmail), {
        senderName: submission.senderName,
        receipt: [
          `Thank you: we received your ${submission.title}. Your reference is ${reference}; please quote it when you contact us.`,
          submission.nextStep,
        ],
        details,
        signature: `${settings.companyName} trade sales, ${settings.phone}`,
      }),
    }),
    mailer.send({
      to: shopAddress,
      subject: `${submission.title.charAt(0).toUpperCase()}${submission.title.slice(1)} ${reference} from ${submission.senderName}`,
      text: [
        `Reference: ${reference}`,
        `Received: ${now.toISOString()}`,
        `Reply to: ${submission.senderEmail}`,
        '',
        details,
      ].join('\n'),
    }),
  ];
  const results = await Promise.allSettled(mails);
  for (const result of results) {
    if (result.status === 'rejected') log.error({ err: result.reason, reference }, 'form mail not sent');
  }
  return {
    reference,
    message: `We received your ${submission.title}: your reference is ${reference}. ${submission.nextStep}`,
  };
}
