import { randomBytes } from 'node:crypto';
import type { CustomerRole } from '../../../contract/customer-roles';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { queueMail } from '../mail/mail-queue';
import { invitationMail, mintPasswordLink } from './password-reset';
import { hashPassword } from './passwords';

/** A password nobody is told: the user can sign in only once they choose their own through the invitation. */
export function unknownPasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

export interface InvitedPerson {
  readonly email: string;
  readonly name: string;
  readonly passwordHash: string;
  readonly role?: CustomerRole;
  readonly canPayInvoices?: boolean;
}

/**
 * Adds a user to the account in the caller's transaction and queues the mail with their single-use link to choose a
 * password, so an invitation is sent exactly when the user exists. Staff and the account's owner invite through it.
 * Answers null, inviting no one, when the email already signs in to the shop.
 */
export async function addInvitedUser(
  tx: Database,
  publicUrl: string,
  account: { readonly id: number; readonly name: string },
  person: InvitedPerson,
  now: Date,
): Promise<{ id: number; email: string; name: string } | null> {
  const [created] = await tx
    .insert(users)
    .values({ accountId: account.id, ...person, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, name: users.name });
  if (!created) return null;
  const link = await mintPasswordLink(tx, publicUrl, created, 'invitation', now);
  await queueMail(tx, [invitationMail(created, account.name, link)], now);
  return created;
}
