import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { problems } from '../../http/problem';
import type { CustomerPrincipal } from '../auth/principal';
import { PASSWORD_CHANGED } from '../auth/password-reset';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserRefreshTokens } from '../auth/refresh-token';

export const WRONG_CURRENT_PASSWORD = 'That is not your current password.';

/** Account/Profile: the user's own name. */
export async function saveProfile(db: Database, userId: number, name: string): Promise<{ name: string }> {
  const [saved] = await db.update(users).set({ name }).where(eq(users.id, userId)).returning({ name: users.name });
  if (!saved) throw problems.unauthorized();
  return saved;
}

/**
 * Account/ChangePassword: the current password proves it is the user at the screen, not someone at an unlocked one.
 * Every session of the user ends, as after a reset, so a session someone else holds cannot outlive the change. Staff
 * acting as the user cannot set a password they would then know.
 */
export async function changePassword(
  db: Database,
  caller: CustomerPrincipal,
  request: { currentPassword: string; newPassword: string },
  now: Date,
): Promise<{ message: string }> {
  if (caller.impersonatorStaffId !== null) {
    throw problems.forbidden('Only the user themselves can change their password.');
  }
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
  if (!user) throw problems.unauthorized();
  if (!(await verifyPassword(user.passwordHash, request.currentPassword))) {
    throw problems.badRequest(WRONG_CURRENT_PASSWORD, [{ name: 'currentPassword', reason: WRONG_CURRENT_PASSWORD }]);
  }
  const passwordHash = await hashPassword(request.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, caller.userId));
    await revokeUserRefreshTokens(tx, caller.userId, now);
  });
  return { message: PASSWORD_CHANGED };
}
