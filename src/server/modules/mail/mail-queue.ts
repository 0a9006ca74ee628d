import type { Database } from '../../db/client';
import { mailMessages } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';

/**
 * Queues mail in the caller's transaction: it is sent once the change it tells of has committed, and not at all if
 * that change rolls back. The delivery loop sends it, and keeps trying while the mail relay is down.
 */
export async function queueMail(tx: Database, messages: readonly MailMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(mailMessages).values(
    messages.map((message) => ({
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}
