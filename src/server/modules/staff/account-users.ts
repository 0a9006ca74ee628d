import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { problems } from '../../http/problem';
import { invitationMail, mintPasswordLink, resetMail } from '../auth/password-reset';
import { type InvitedPerson, addInvitedUser, unknownPasswordHash } from '../auth/user-invitation';
import { revokeUserRefreshTokens } from '../auth/refresh-token';
import { queueMail } from '../mail/mail-queue';
import { accountOfCode } from './staff-accounts';
import { recordStaffChange } from './staff-audit';
import { userInvited } from './user-invited';

interface AccountUserRef {
  readonly accountCode: string;
  readonly email: string;
}

async function userOfAccount(tx: Database, ref: AccountUserRef) {
  const account = await accountOfCode(tx, ref.accountCode);
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      disabled: users.disabled,
      invited: userInvited,
    })
    .from(users)
    .where(and(eq(users.accountId, account.id), sql`lower(${users.email}) = lower(${ref.email})`))
    .for('update');
  if (!user) throw problems.notFound(`${ref.email} is not a user of ${account.code}.`);
  return { account, user };
}

/** Records a staff member's change to one user of an account, listed on that account's audit. */
function recordUserChange(
  tx: Database,
  staffId: number,
  user: { readonly email: string; readonly accountId: number },
  change: { readonly action: string; readonly before?: unknown; readonly after?: unknown },
  now: Date,
): Promise<void> {
  return recordStaffChange(
    tx,
    staffId,
    {
      action: change.action,
      subjectType: 'user',
      subjectRef: user.email,
      accountId: user.accountId,
      before: change.before ?? null,
      after: change.after ?? null,
    },
    now,
  );
}

/** Adds a user to the account as staff, in the caller's transaction, and records it on the account's audit. */
export async function inviteToAccount(
  tx: Database,
  publicUrl: string,
  staffId: number,
  account: { readonly id: number; readonly name: string },
  person: InvitedPerson,
  now: Date,
): Promise<void> {
  const created = await addInvitedUser(tx, publicUrl, account, person, now);
  if (!created) throw problems.conflict(`${person.email} already signs in to YHI Trade.`);
  await recordUserChange(
    tx,
    staffId,
    { email: created.email, accountId: account.id },
    { action: 'user.invited', after: { email: created.email, name: created.name } },
    now,
  );
}

/** Staff/UserInvite. */
export async function inviteUser(
  db: Database,
  publicUrl: string,
  staffId: number,
  body: AccountUserRef & { readonly name: string },
  now: Date,
): Promise<void> {
  const passwordHash = await unknownPasswordHash();
  await db.transaction(async (tx) => {
    const account = await accountOfCode(tx, body.accountCode);
    await inviteToAccount(tx, publicUrl, staffId, account, { email: body.email, name: body.name, passwordHash }, now);
  });
}

/** A new invitation for someone who has not used theirs; the links mailed before stop working. */
export async function resendInvitation(
  db: Database,
  publicUrl: string,
  staffId: number,
  ref: AccountUserRef,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { account, user } = await userOfAccount(tx, ref);
    if (!user.invited) {
      throw problems.conflict(`${user.email} has already chosen a password: send a password reset instead.`);
    }
    await tx
      .update(passwordResetTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          eq(passwordResetTokens.purpose, 'invitation'),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    const link = await mintPasswordLink(tx, publicUrl, user, 'invitation', now);
    await queueMail(tx, [invitationMail(user, account.name, link)], now);
    await recordUserChange(
      tx,
      staffId,
      { email: user.email, accountId: account.id },
      { action: 'user.invitation-resent' },
      now,
    );
  });
}

/**
 * Disables or enables one user. Disabling revokes their refresh tokens, and every instance's liveness check refuses
 * their access tokens within 60 s (at once on this one, through `onDisabled`).
 */
export async function setUserAccess(
  db: Database,
  staffId: number,
  body: AccountUserRef & { readonly disabled: boolean },
  now: Date,
  onDisabled: () => void,
): Promise<void> {
  const disabledNow = await db.transaction(async (tx) => {
    const { account, user } = await userOfAccount(tx, body);
    if (user.disabled === body.disabled) return false;
    await tx.update(users).set({ disabled: body.disabled }).where(eq(users.id, user.id));
    if (body.disabled) await revokeUserRefreshTokens(tx, user.id, now);
    await recordUserChange(
      tx,
      staffId,
      { email: user.email, accountId: account.id },
      {
        action: body.disabled ? 'user.disabled' : 'user.enabled',
        before: { disabled: user.disabled },
        after: { disabled: body.disabled },
      },
      now,
    );
    return body.disabled;
  });
  if (disabledNow) onDisabled();
}

/** Mails the user a reset link, as if they had asked for it themselves; the member sees no link and no password. */
export async function sendPasswordReset(
  db: Database,
  publicUrl: string,
  staffId: number,
  ref: AccountUserRef,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { account, user } = await userOfAccount(tx, ref);
    if (user.disabled) throw problems.conflict(`${user.email} is disabled: enable them first.`);
    if (user.invited) {
      throw problems.conflict(`${user.email} has not chosen a password yet: resend the invitation instead.`);
    }
    const link = await mintPasswordLink(tx, publicUrl, user, 'reset', now);
    await queueMail(tx, [resetMail(user, link)], now);
    await recordUserChange(
      tx,
      staffId,
      { email: user.email, accountId: account.id },
      { action: 'user.password-reset-sent' },
      now,
    );
  });
}
