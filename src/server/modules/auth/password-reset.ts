import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { problems } from '../../http/problem';
import type { Mailer } from '../../integrations/mail/mailer';
import { hashPassword } from './passwords';
import { revokeUserRefreshTokens } from './refresh-token';

/** How long a reset link works. */
export const RESET_LINK_LIFETIME_MINUTES = 60;
export const RESET_LINK_SENT = 'If that email belongs to an account, a link to reset the password is on its way.';
export const RESET_LINK_INVALID = 'This reset link is invalid, has expired or was already used. Ask for a new one.';
export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with the new password.';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function resetLink(publicUrl: string, parts: { token: string; email: string; guid: string }): string {
  const query = new URLSearchParams({ Token: parts.token, Email: parts.email, Guid: parts.guid });
  return `${publicUrl}/reset-password?${query.toString()}`;
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
  const token = randomBytes(32).toString('base64url');
  const guid = randomUUID();
  await db.insert(passwordResetTokens).values({
    guid,
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MINUTES * 60_000),
  });
  const link = resetLink(config.publicUrl, { token, email: user.email, guid });
  await mailer.send({
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
  });
}

async function usableReset(db: Database, parts: { token: string; email: string; guid: string }, now: Date) {
  const [row] = await db
    .select({ tokenHash: passwordResetTokens.tokenHash, userId: users.id, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.guid, parts.guid),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  if (
    !row ||
    !sameHash(row.tokenHash, hashToken(parts.token)) ||
    row.email.toLowerCase() !== parts.email.toLowerCase()
  ) {
    throw problems.badRequest(RESET_LINK_INVALID);
  }
  return row;
}

export async function checkPasswordReset(
  db: Database,
  parts: { token: string; email: string; guid: string },
  now: Date,
): Promise<{ email: string }> {
  const row = await usableReset(db, parts, now);
  return { email: row.email };
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
