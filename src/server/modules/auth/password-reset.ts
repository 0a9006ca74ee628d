import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PasswordLinkPurpose } from '../../../contract/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { problems } from '../../http/problem';
import type { MailMessage, Mailer } from '../../integrations/mail/mailer';
import { hashLinkToken, linkTokenMatches, newLinkToken, passwordLinkUrl } from './link-token';
import { hashPassword } from './passwords';
import { revokeUserRefreshTokens } from './refresh-token';

/** How long a reset link works. */
export const RESET_LINK_LIFETIME_MINUTES = 60;
/** How long an invitation to a new user works. */
export const INVITATION_LIFETIME_DAYS = 7;
export const RESET_LINK_SENT = 'If that email belongs to an account, a link to reset the password is on its way.';
export const RESET_LINK_INVALID = 'This reset link is invalid, has expired or was already used. Ask for a new one.';
export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with the new password.';

/**
 * Mints a single-use link (stored hashed) that sets the user's password. An invitation lasts longer than a reset:
 * it waits for a new person to read their mail, while a reset is asked for by someone at the screen.
 */
export async function mintPasswordLink(
  tx: Database,
  publicUrl: string,
  user: { readonly id: number; readonly email: string },
  purpose: PasswordLinkPurpose,
  now: Date,
): Promise<string> {
  const token = newLinkToken();
  const guid = randomUUID();
  const lifetimeMinutes = purpose === 'invitation' ? INVITATION_LIFETIME_DAYS * 24 * 60 : RESET_LINK_LIFETIME_MINUTES;
  await tx.insert(passwordResetTokens).values({
    guid,
    purpose,
    tokenHash: hashLinkToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + lifetimeMinutes * 60_000),
    createdAt: now,
  });
  return passwordLinkUrl(publicUrl, '/reset-password', { token, email: user.email, guid });
}

export function resetMail(user: { readonly email: string; readonly name: string }, link: string): MailMessage {
  return {
    to: user.email,
    subject: 'Reset your YHI Trade password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone asked to reset the password of your YHI Trade account. To choose a new password, open:',
      link,
      '',
      `The link works once, for ${RESET_LINK_LIFETIME_MINUTES} minutes. If you did not ask for it, ignore this mail.`,
    ].join('\n'),
  };
}

export function invitationMail(
  user: { readonly email: string; readonly name: string },
  accountName: string,
  link: string,
): MailMessage {
  return {
    to: user.email,
    subject: 'You are invited to YHI Trade',
    text: [
      `Hello ${user.name},`,
      '',
      `You can now order for ${accountName} on YHI Trade. To choose your password and sign in, open:`,
      link,
      '',
      `The link works once, for ${INVITATION_LIFETIME_DAYS} days. If it has expired, ask us to send a new one.`,
    ].join('\n'),
  };
}

/** Mails a reset link when the email belongs to a customer user; answers the same either way. */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  config: Pick<Config, 'publicUrl'>,
  email: string,
  now: Date,
): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, disabled: users.disabled })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user || user.disabled) return;
  const link = await mintPasswordLink(db, config.publicUrl, user, 'reset', now);
  await mailer.send(resetMail(user, link));
}

async function usableReset(db: Database, parts: { token: string; email: string; guid: string }, now: Date) {
  const [row] = await db
    .select({
      tokenHash: passwordResetTokens.tokenHash,
      purpose: passwordResetTokens.purpose,
      userId: users.id,
      email: users.email,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.guid, parts.guid),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  if (!row || !linkTokenMatches(row.tokenHash, parts.token) || row.email.toLowerCase() !== parts.email.toLowerCase()) {
    throw problems.badRequest(RESET_LINK_INVALID);
  }
  return row;
}

export async function checkPasswordReset(
  db: Database,
  parts: { token: string; email: string; guid: string },
  now: Date,
): Promise<{ email: string; purpose: PasswordLinkPurpose }> {
  const row = await usableReset(db, parts, now);
  return { email: row.email, purpose: row.purpose };
}

/** Sets the password and spends the link in one transaction; every session of the user ends. */
export async function completePasswordReset(
  db: Database,
  request: { token: string; email: string; guid: string; password: string },
  now: Date,
): Promise<void> {
  const row = await usableReset(db, request, now);
  const passwordHash = await hashPassword(request.password);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.guid, request.guid), isNull(passwordResetTokens.usedAt)))
      .returning({ guid: passwordResetTokens.guid });
    if (!spent) throw problems.badRequest(RESET_LINK_INVALID);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await revokeUserRefreshTokens(tx, row.userId, now);
  });
}
