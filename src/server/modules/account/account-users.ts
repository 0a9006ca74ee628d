import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AccountUsers } from '../../../contract/account-users';
import { type CustomerRole, customerRoleSchema, mayPayInvoices } from '../../../contract/customer-roles';
import type { Database } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { problems } from '../../http/problem';
import { revokeUserRefreshTokens } from '../auth/refresh-token';
import { addInvitedUser, unknownPasswordHash } from '../auth/user-invitation';
import { userInvited } from '../staff/user-invited';

export const LAST_OWNER =
  'The account needs an enabled owner: make another user an owner before you step down or disable yourself.';

/** The account's users, by name, for its owner; `youId` marks the caller. */
export async function listAccountUsers(db: Database, accountId: number, youId: number): Promise<AccountUsers> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      canPayInvoices: users.canPayInvoices,
      disabled: users.disabled,
      invited: userInvited,
    })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return {
    users: rows.map(({ id, role: stored, canPayInvoices, ...row }) => {
      const role = customerRoleSchema.parse(stored);
      return { ...row, role, canPayInvoices: mayPayInvoices(role, canPayInvoices), isYou: id === youId };
    }),
  };
}

/** Only a buyer keeps the owner's switch: an owner always may pay and a counter user never. */
const storedSwitch = (role: CustomerRole, canPayInvoices: boolean) => role === 'buyer' && canPayInvoices;

/** Account/UserInvite: the owner adds a person with a role; a taken email is a field error, as on any form. */
export async function inviteAccountUser(
  db: Database,
  publicUrl: string,
  accountId: number,
  person: { email: string; name: string; role: CustomerRole; canPayInvoices: boolean },
  now: Date,
): Promise<void> {
  const passwordHash = await unknownPasswordHash();
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!account) throw problems.notFound('The account was not found.');
    const created = await addInvitedUser(
      tx,
      publicUrl,
      account,
      { ...person, canPayInvoices: storedSwitch(person.role, person.canPayInvoices), passwordHash },
      now,
    );
    if (!created) {
      const reason = `${person.email} already signs in to YHI Trade.`;
      throw problems.badRequest(reason, [{ name: 'email', reason }]);
    }
  });
}

/**
 * Account/UserUpdate: role, the buyer's switch, and access. Disabling ends the user's sessions (their refresh families
 * are revoked; `onSessionsChanged` makes this instance forget its liveness answers, other instances follow within
 * 30 s). The account always keeps one enabled owner: the owners are locked while the change is decided, so two owners
 * stepping down at once cannot both succeed.
 */
export async function updateAccountUser(
  db: Database,
  accountId: number,
  change: { email: string; role: CustomerRole; canPayInvoices: boolean; disabled: boolean },
  now: Date,
  onSessionsChanged: () => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role, disabled: users.disabled, canPayInvoices: users.canPayInvoices })
      .from(users)
      .where(and(eq(users.accountId, accountId), sql`lower(${users.email}) = ${change.email}`))
      .for('update');
    if (!user) throw problems.notFound(`${change.email} is not a user of this account.`);
    const losesOwner = user.role === 'owner' && !user.disabled && (change.role !== 'owner' || change.disabled);
    if (losesOwner) {
      const otherOwners = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.accountId, accountId),
            eq(users.role, 'owner'),
            eq(users.disabled, false),
            ne(users.id, user.id),
          ),
        )
        .for('update');
      if (otherOwners.length === 0) throw problems.conflict(LAST_OWNER);
    }
    await tx
      .update(users)
      .set({
        role: change.role,
        canPayInvoices: storedSwitch(change.role, change.canPayInvoices),
        disabled: change.disabled,
      })
      .where(eq(users.id, user.id));
    if (change.disabled && !user.disabled) await revokeUserRefreshTokens(tx, user.id, now);
  });
  onSessionsChanged();
}
