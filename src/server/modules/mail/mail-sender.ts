import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailMessages } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { attemptDelivery } from '../delivery/delivery-snapshot';

export interface MailSenderDeps {
  readonly db: Database;
  readonly now: () => Date;
  readonly mailer: Mailer;
}

/** Mails one instance takes at a time, handed to the relay side by side. */
const CLAIM_BATCH = 20;
/** Long enough for the relay to take a mail; after it another instance may send it again. */
const LEASE_MS = 60_000;

/** Takes due mail by leasing it, skipping rows another instance is taking. */
async function claimDue(db: Database, now: Date) {
  const at = now.toISOString();
  return db
    .update(mailMessages)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      sql`${mailMessages.id} in (
        select m.id from mail_messages m
        where m.state in ('pending', 'retrying')
          and m.next_attempt_at <= ${at}::timestamptz
          and (m.lease_until is null or m.lease_until < ${at}::timestamptz)
        order by m.id
        limit ${CLAIM_BATCH}
        for update of m skip locked)`,
    )
    .returning();
}

type ClaimedMail = Awaited<ReturnType<typeof claimDue>>[number];

async function sendOne(deps: MailSenderDeps, mail: ClaimedMail): Promise<void> {
  const { fields, delivered } = await attemptDelivery({ ...mail, lastStatus: null }, async () => {
    try {
      await deps.mailer.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
      });
      return { at: deps.now().getTime(), delivered: true, status: null, error: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { at: deps.now().getTime(), delivered: false, status: null, error: reason };
    }
  });
  const attemptedAt = deps.now();
  const { lastStatus: _status, ...mailFields } = fields;
  await deps.db
    .update(mailMessages)
    .set({ ...mailFields, lastAttemptAt: attemptedAt, sentAt: delivered ? attemptedAt : null })
    .where(and(eq(mailMessages.id, mail.id), eq(mailMessages.leaseUntil, mail.leaseUntil as Date)));
}

/**
 * Sends what mail is due, until none is: each mail through the delivery machine, so a relay that is down delays it
 * with the same backoff as a webhook, and one that stays down for more than a day leaves it dead (docs/operations.md).
 */
export async function sendQueuedMail(deps: MailSenderDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimDue(deps.db, deps.now());
    if (claimed.length === 0) return sent;
    await Promise.all(claimed.map((mail) => sendOne(deps, mail)));
    sent += claimed.length;
  }
}
