import { randomUUID } from 'node:crypto';
import { compactVerify, decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import type { AuthResult, LoginRequest } from '../../../contract/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, impersonationFamilies, staffUsers, users } from '../../db/schema';
import { problems } from '../../http/problem';
import { signAccessToken } from './access-token';
import { verifyPassword } from './passwords';
import type { CustomerSession, SessionPrincipal, StaffPrincipal } from './principal';
import { customerUserDisabled } from './session-liveness';
import {
  REFRESH_TOKEN_LIFETIME_SECONDS,
  SESSION_ENDED,
  STAFF_REFRESH_TOKEN_LIFETIME_SECONDS,
  issueRefreshToken,
  revokeRefreshFamily,
  spendRefreshToken,
} from './refresh-token';

/** One answer for an unknown email and a wrong password, so neither can be told apart. */
export const SIGN_IN_REFUSED = 'The email or password is incorrect.';

type Credentials = Required<Pick<LoginRequest, 'email' | 'password'>>;
export type TokenSettings = Pick<
  Config,
  'jwtSecret' | 'accessTokenLifetimeSeconds' | 'staffAccessTokenLifetimeSeconds'
>;

/** How long a session's tokens live: shorter while a staff member is at the keyboard (docs/session.md). */
function lifetimes(principal: SessionPrincipal, settings: TokenSettings) {
  const staffAtKeyboard = principal.kind === 'staff' || principal.impersonatorStaffId !== null;
  return staffAtKeyboard
    ? { access: settings.staffAccessTokenLifetimeSeconds, refresh: STAFF_REFRESH_TOKEN_LIFETIME_SECONDS }
    : { access: settings.accessTokenLifetimeSeconds, refresh: REFRESH_TOKEN_LIFETIME_SECONDS };
}

/** A token pair for a principal: a signed access token and a refresh token of the given (or a new) family. */
export async function issueSession(
  db: Database,
  principal: SessionPrincipal,
  settings: TokenSettings,
  now: Date,
  familyId: string = randomUUID(),
): Promise<Pick<AuthResult, 'token' | 'cookieExpiry' | 'refreshToken'>> {
  const owner = principal.kind === 'customer' ? { userId: principal.userId } : { staffId: principal.staffId };
  const lifetime = lifetimes(principal, settings);
  return {
    token: await signAccessToken(principal, familyId, settings.jwtSecret, now, lifetime.access),
    cookieExpiry: Math.floor(lifetime.access / 60),
    refreshToken: await issueRefreshToken(db, owner, now, familyId, lifetime.refresh),
  };
}

function authResult(
  session: Pick<AuthResult, 'token' | 'cookieExpiry' | 'refreshToken'>,
  rest: Partial<Omit<AuthResult, 'token' | 'cookieExpiry' | 'refreshToken'>> = {},
): AuthResult {
  return {
    ...session,
    isStaffMember: false,
    impersonatorToken: null,
    impersonatorRefresherToken: null,
    returnUrl: null,
    ...rest,
  };
}

export async function signInCustomer(
  db: Database,
  credentials: Credentials,
  settings: TokenSettings,
  now: Date,
): Promise<AuthResult> {
  const [user] = await db
    .select({
      id: users.id,
      accountId: users.accountId,
      passwordHash: users.passwordHash,
      disabled: customerUserDisabled,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(sql`lower(${users.email}) = ${credentials.email.toLowerCase()}`);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? null, credentials.password);
  if (!user || !passwordMatches || user.disabled) throw problems.badRequest(SIGN_IN_REFUSED);
  const principal: CustomerSession = {
    kind: 'customer',
    userId: user.id,
    accountId: user.accountId,
    impersonatorStaffId: null,
  };
  return authResult(await issueSession(db, principal, settings, now));
}

export async function signInStaff(
  db: Database,
  credentials: Credentials,
  settings: TokenSettings,
  now: Date,
): Promise<AuthResult> {
  const [staff] = await db
    .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash, disabled: staffUsers.disabled })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${credentials.email.toLowerCase()}`);
  const passwordMatches = await verifyPassword(staff?.passwordHash ?? null, credentials.password);
  if (!staff || !passwordMatches || staff.disabled) throw problems.badRequest(SIGN_IN_REFUSED);
  const principal: StaffPrincipal = { kind: 'staff', staffId: staff.id };
  return authResult(await issueSession(db, principal, settings, now), { isStaffMember: true });
}

/** The subject an access token names, when we signed it, expired or not; null otherwise. */
async function subjectOfOurToken(token: string, secret: string): Promise<string | null> {
  try {
    await compactVerify(token, new TextEncoder().encode(secret));
    return decodeJwt(token).sub ?? null;
  } catch {
    return null;
  }
}

/**
 * Rotates a refresh token: the old one is spent, a new one of the same family comes back with a new
 * access token. An impersonation family stays an impersonation (and the staff token is renewed with it).
 */
export async function refreshSession(
  db: Database,
  request: { token?: string; refreshToken: string },
  settings: TokenSettings,
  now: Date,
): Promise<AuthResult> {
  const spent = await spendRefreshToken(db, request.refreshToken, now);
  const ownerId = 'userId' in spent.owner ? spent.owner.userId : spent.owner.staffId;
  // The access token sent along is optional and may be damaged; one we signed for somebody else is refused.
  const subject = request.token ? await subjectOfOurToken(request.token, settings.jwtSecret) : null;
  if (subject !== null && subject !== String(ownerId)) throw problems.unauthorized(SESSION_ENDED);
  if ('staffId' in spent.owner) {
    const [staff] = await db
      .select({ disabled: staffUsers.disabled })
      .from(staffUsers)
      .where(eq(staffUsers.id, spent.owner.staffId));
    if (!staff || staff.disabled) throw problems.unauthorized(SESSION_ENDED);
    const principal: StaffPrincipal = { kind: 'staff', staffId: spent.owner.staffId };
    return authResult(await issueSession(db, principal, settings, now, spent.familyId), { isStaffMember: true });
  }
  const [user] = await db
    .select({ accountId: users.accountId, disabled: customerUserDisabled })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, spent.owner.userId));
  if (!user || user.disabled) throw problems.unauthorized(SESSION_ENDED);
  const [impersonation] = await db
    .select({ staffId: impersonationFamilies.staffId, staffDisabled: staffUsers.disabled })
    .from(impersonationFamilies)
    .innerJoin(staffUsers, eq(staffUsers.id, impersonationFamilies.staffId))
    .where(eq(impersonationFamilies.familyId, spent.familyId));
  // The staff member behind an impersonation is checked on every refresh too: a disabled one gets nothing back.
  if (impersonation?.staffDisabled) {
    await revokeRefreshFamily(db, spent.familyId, now);
    throw problems.unauthorized(SESSION_ENDED);
  }
  const principal: CustomerSession = {
    kind: 'customer',
    userId: spent.owner.userId,
    accountId: user.accountId,
    impersonatorStaffId: impersonation?.staffId ?? null,
  };
  const session = await issueSession(db, principal, settings, now, spent.familyId);
  if (!impersonation) return authResult(session);
  // The renewed staff token lives and dies with the impersonation's family (session-liveness.ts).
  const impersonatorToken = await signAccessToken(
    { kind: 'staff', staffId: impersonation.staffId },
    spent.familyId,
    settings.jwtSecret,
    now,
    settings.staffAccessTokenLifetimeSeconds,
  );
  return authResult(session, { impersonatorToken });
}
