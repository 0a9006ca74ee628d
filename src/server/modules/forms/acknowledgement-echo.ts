import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** Said instead of the submission's text when the acknowledgement goes to an address not known to be the sender's. */
export const NOT_ECHOED = 'What you sent is with our team; quote the reference above to ask about it.';

/**
 * Whether an acknowledgement may repeat what the sender wrote. Anyone can type someone else's address into a form, so
 * the text goes back only to the signed-in user's own sign-in address; otherwise the forms would relay any text to
 * any inbox.
 */
export async function mayEchoTo(
  db: Database,
  customer: { userId: number } | null | undefined,
  address: string,
): Promise<boolean> {
  if (!customer) return false;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, customer.userId));
  return user !== undefined && user.email.toLowerCase() === address.trim().toLowerCase();
}

export interface Acknowledgement {
  /** As typed into the form: free text, so said only where it may be echoed. */
  readonly senderName: string;
  /** The shop's own words: thanks, the reference, what happens next. */
  readonly receipt: readonly string[];
  /** What the sender wrote, as the shop's copy shows it. */
  readonly details: string;
  /** The shop's own words said instead of the details at an address not known to be the sender's (the product asked about). */
  readonly withheldNote?: readonly string[];
  readonly signature: string;
}

/**
 * The body of every acknowledgement a form mails its sender. To an address that has not been confirmed as the
 * sender's it carries none of the sender's text, not even the name: a name field holds a sentence as easily as a
 * name, and the mail would carry that sentence under the shop's name to any inbox.
 */
export function acknowledgementText(mayEcho: boolean, acknowledgement: Acknowledgement): string {
  return [
    mayEcho ? `Hello ${acknowledgement.senderName},` : 'Hello,',
    '',
    ...acknowledgement.receipt,
    '',
    ...(mayEcho ? ['What you sent:', acknowledgement.details] : [...(acknowledgement.withheldNote ?? []), NOT_ECHOED]),
    '',
    acknowledgement.signature,
  ].join('\n');
}
