import type { FormReceipt } from '../../../contract/forms';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type FormKind, formSubmissions } from '../../db/schema';
import { recordEvent } from '../events/outbox';
import { newFormReference } from './form-reference';
import { type SummaryLine, summaryText } from './form-summary';
import { queueRequestMail, titledRequestWords } from './request-mail';

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
  readonly now: Date;
}

/**
 * Stores a submission with its event and its two mails (the sender's acknowledgement, the shop's copy) in one
 * transaction: the mails leave through the mail outbox once it commits.
 */
export async function submitForm({ db, config, now }: SubmitContext, submission: Submission): Promise<FormReceipt> {
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
    await queueRequestMail(tx, config, now, {
      reference,
      sender: { name: submission.senderName, email: submission.senderEmail },
      customer: submission.customer,
      ...titledRequestWords(submission.title, reference, submission.senderName, submission.nextStep),
      details: summaryText(submission.summary),
      team: 'trade sales',
    });
  });
  return {
    reference,
    message: `We received your ${submission.title}: your reference is ${reference}. ${submission.nextStep}`,
  };
}
