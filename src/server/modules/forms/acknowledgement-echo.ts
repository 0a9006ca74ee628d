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

/** The acknowledgement's lines about the submission: its details when they may be echoed, else a pointer to the reference. */
export function echoedDetails(mayEcho: boolean, details: string): string[] {
  return mayEcho ? ['What you sent:', details] : [NOT_ECHOED];
}
