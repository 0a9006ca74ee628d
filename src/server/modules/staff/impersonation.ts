import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { AuthResult } from '../../../contract/auth';
import { API_PREFIX } from '../../../contract/routes';
import type { Database } from '../../db/client';
import { accounts, impersonationAudit, impersonationFamilies, impersonationTokens, users } from '../../db/schema';
import { HttpProblem, problems } from '../../http/problem';
import { type TokenSettings, issueSession } from '../auth/auth-service';
import type { StaffPrincipal } from '../auth/principal';

/** An impersonation token only has to survive the hop from the staff page to the shop's ?token= URL. */
export const IMPERSONATION_TOKEN_LIFETIME_SECONDS = 120;
export const IMPERSONATION_TOKEN_INVALID = 'This link to act as a customer has expired or was already used.';
export const IMPERSONATION_TOKEN_NOT_YOURS = 'This link to act as a customer was made by another staff member.';
export const IMPERSONATION_USER_NOT_OF_ACCOUNT = 'That user is not a user of this account.';
export const IMPERSONATION_USER_DISABLED = 'That user is disabled and cannot be acted as.';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The user named by Staff/ImpersonationToken's userId: one of the account's, and enabled. */
async function chosenUser(db: Database, accountId: number, userId: number): Promise<{ id: number }> {
  const [user] = await db
    .select({ id: users.id, disabled: users.disabled })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  if (!user)
    throw new HttpProblem(404, IMPERSONATION_USER_NOT_OF_ACCOUNT, [
      { name: 'userId', reason: IMPERSONATION_USER_NOT_OF_ACCOUNT },
    ]);
  if (user.disabled)
    throw problems.badRequest(IMPERSONATION_USER_DISABLED, [{ name: 'userId', reason: IMPERSONATION_USER_DISABLED }]);
  return user;
}

async function firstEnabledUser(db: Database, accountId: number): Promise<{ id: number }> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.accountId, accountId), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!user) throw problems.notFound('That account has no user who can sign in.');
  return user;
}

/**
 * A single-use token that lets the staff member act as a user of the account: the one chosen (its cart, its name on
 * the orders it places), or without a choice the account's first enabled user.
 */
export async function mintImpersonationToken(
  db: Database,
  staff: StaffPrincipal,
  request: { accountId: number; userId?: number | undefined },
  now: Date,
): Promise<{ token: string; expiresInSeconds: number }> {
  const { accountId } = request;
  const user =
    request.userId === undefined
      ? await firstEnabledUser(db, accountId)
      : await chosenUser(db, accountId, request.userId);
  const token = randomBytes(32).toString('base64url');
  await db.insert(impersonationTokens).values({
    tokenHash: hashToken(token),
    staffId: staff.staffId,
    accountId,
    userId: user.id,
    expiresAt: new Date(now.getTime() + IMPERSONATION_TOKEN_LIFETIME_SECONDS * 1000),
  });
  return { token, expiresInSeconds: IMPERSONATION_TOKEN_LIFETIME_SECONDS };
}

/**
 * Spends an impersonation token for the staff member who minted it, signed in with their own (live) session, which
 * the access hook has already checked. Answers the customer's session (marked with the staff member) and, as
 * impersonatorToken/impersonatorRefresherToken, a fresh staff session to return to. The redemption is audited.
 */
export async function redeemImpersonationToken(
  db: Database,
  token: string,
  redeemer: StaffPrincipal,
  settings: TokenSettings,
  now: Date,
): Promise<AuthResult> {
  const usable = and(
    eq(impersonationTokens.tokenHash, hashToken(token)),
    isNull(impersonationTokens.usedAt),
    gt(impersonationTokens.expiresAt, now),
  );
  const [spent] = await db
    .update(impersonationTokens)
    .set({ usedAt: now })
    .where(and(usable, eq(impersonationTokens.staffId, redeemer.staffId)))
    .returning({
      staffId: impersonationTokens.staffId,
      accountId: impersonationTokens.accountId,
      userId: impersonationTokens.userId,
    });
  if (!spent) {
    const [someoneElses] = await db.select({ id: impersonationTokens.id }).from(impersonationTokens).where(usable);
    throw someoneElses
      ? problems.forbidden(IMPERSONATION_TOKEN_NOT_YOURS)
      : problems.unauthorized(IMPERSONATION_TOKEN_INVALID);
  }
  await db.insert(impersonationAudit).values({
    staffId: redeemer.staffId,
    accountId: spent.accountId,
    userId: spent.userId,
    method: 'POST',
    path: `${API_PREFIX}/Authenticate/Impersonate`,
    status: 200,
    at: now,
  });

  const familyId = randomUUID();
  await db.insert(impersonationFamilies).values({ familyId, staffId: spent.staffId });
  const customer = await issueSession(
    db,
    { kind: 'customer', userId: spent.userId, accountId: spent.accountId, impersonatorStaffId: spent.staffId },
    settings,
    now,
    familyId,
  );
  const staffSession = await issueSession(db, { kind: 'staff', staffId: spent.staffId }, settings, now);
  return {
    ...customer,
    isStaffMember: false,
    impersonatorToken: staffSession.token,
    impersonatorRefresherToken: staffSession.refreshToken,
    returnUrl: '/home',
  };
}
