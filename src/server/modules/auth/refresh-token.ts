import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { impersonationFamilies, refreshTokens } from '../../db/schema';
import { problems } from '../../http/problem';

/** Refresh tokens outlive the access token they come with, so a day-old session can still be renewed. */
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 86_400;
/**
 * A staff session (or a staff member acting as a customer) that goes unused this long ends: the back office is not
 * left signed in overnight on a shared counter computer, while a working day of use renews it.
 */
export const STAFF_REFRESH_TOKEN_LIFETIME_SECONDS = 12 * 3_600;

export const SESSION_ENDED = 'Your session has ended. Sign in again.';

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type RefreshTokenOwner = { userId: number } | { staffId: number };

/** Starts a new family (a sign-in) or continues one (a rotation); answers the opaque token. */
export async function issueRefreshToken(
  db: Database,
  owner: RefreshTokenOwner,
  now: Date,
  familyId: string = randomUUID(),
  lifetimeSeconds: number = REFRESH_TOKEN_LIFETIME_SECONDS,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    tokenHash: hashRefreshToken(token),
    familyId,
    userId: 'userId' in owner ? owner.userId : null,
    staffId: 'staffId' in owner ? owner.staffId : null,
    expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
  });
  return token;
}

export interface SpentRefreshToken {
  readonly familyId: string;
  readonly owner: RefreshTokenOwner;
}

/**
 * Marks a refresh token used, once. A token that was already used or revoked means it leaked
 * (or a tab replayed it): the whole family is revoked, so whoever holds its newer token is signed out too.
 */
export async function spendRefreshToken(db: Database, token: string, now: Date): Promise<SpentRefreshToken> {
  const tokenHash = hashRefreshToken(token);
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning({ familyId: refreshTokens.familyId, userId: refreshTokens.userId, staffId: refreshTokens.staffId });
  if (spent) {
    if (spent.userId !== null) return { familyId: spent.familyId, owner: { userId: spent.userId } };
    if (spent.staffId !== null) return { familyId: spent.familyId, owner: { staffId: spent.staffId } };
    throw problems.unauthorized(SESSION_ENDED);
  }
  const [known] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (known?.usedAt) await revokeRefreshFamily(db, known.familyId, now);
  throw problems.unauthorized(SESSION_ENDED);
}

export async function revokeRefreshFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (a password reset, sign out everywhere). */
export async function revokeUserRefreshTokens(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a staff member, their impersonations included (sign out everywhere). */
export async function revokeStaffSessions(db: Database, staffId: number, now: Date): Promise<void> {
  const impersonations = db
    .select({ familyId: impersonationFamilies.familyId })
    .from(impersonationFamilies)
    .where(eq(impersonationFamilies.staffId, staffId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(refreshTokens.revokedAt),
        or(eq(refreshTokens.staffId, staffId), inArray(refreshTokens.familyId, impersonations)),
      ),
    );
}

/** Sign-out: the family of this refresh token can no longer be renewed. Unknown tokens are ignored. */
export async function endRefreshFamily(db: Database, token: string, now: Date): Promise<boolean> {
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (known) await revokeRefreshFamily(db, known.familyId, now);
  return known !== undefined;
}
