import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StaffMembers } from '../../../contract/staff-members';
import type { StaffRole } from '../../../contract/staff-roles';
import type { Database } from '../../db/client';
import { staffPasswordLinks, staffUsers } from '../../db/schema';
import { problems } from '../../http/problem';
import { hashLinkToken, linkTokenMatches, newLinkToken, passwordLinkUrl } from '../auth/link-token';
import { RESET_LINK_INVALID } from '../auth/password-reset';
import { hashPassword } from '../auth/passwords';
import { revokeStaffSessions } from '../auth/refresh-token';

/** How long a new staff member's set-password link works. */
export const STAFF_LINK_LIFETIME_DAYS = 7;

export class StaffEmailTakenError extends Error {
  constructor(email: string) {
    super(`A staff member already signs in as ${email}.`);
  }
}

/** Added and not yet in: the member has a link and has never spent one. */
const memberInvited = sql<boolean>`(
  exists (select 1 from ${staffPasswordLinks} where ${staffPasswordLinks.staffId} = ${staffUsers.id})
  and not exists (select 1 from ${staffPasswordLinks} where ${staffPasswordLinks.staffId} = ${staffUsers.id}
    and ${staffPasswordLinks.usedAt} is not null))`;

/**
 * Adds a staff member with a password nobody is told, and answers the single-use link (7 days) with which they choose
 * their own, in the caller's transaction. The CLI prints the link; the back office mails it.
 */
export async function addStaffMember(
  tx: Database,
  publicUrl: string,
  member: { readonly email: string; readonly name: string; readonly role: StaffRole; readonly passwordHash: string },
  now: Date,
): Promise<{ id: number; email: string; name: string; link: string }> {
  const [created] = await tx
    .insert(staffUsers)
    .values({ ...member, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name });
  if (!created) throw new StaffEmailTakenError(member.email);
  const token = newLinkToken();
  const guid = randomUUID();
  await tx.insert(staffPasswordLinks).values({
    guid,
    tokenHash: hashLinkToken(token),
    staffId: created.id,
    expiresAt: new Date(now.getTime() + STAFF_LINK_LIFETIME_DAYS * 86_400_000),
    createdAt: now,
  });
  return { ...created, link: passwordLinkUrl(publicUrl, '/staff/set-password', { token, email: created.email, guid }) };
}

export async function listStaffMembers(db: Database): Promise<StaffMembers> {
  const rows = await db
    .select({
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      disabled: staffUsers.disabled,
      invited: memberInvited,
    })
    .from(staffUsers)
    .orderBy(asc(sql`lower(${staffUsers.email})`));
  return { members: rows.map((row) => ({ ...row, role: row.role as StaffRole })) };
}

async function usableLink(db: Database, parts: { token: string; email: string; guid: string }, now: Date) {
  const [row] = await db
    .select({ tokenHash: staffPasswordLinks.tokenHash, staffId: staffUsers.id, email: staffUsers.email })
    .from(staffPasswordLinks)
    .innerJoin(staffUsers, eq(staffUsers.id, staffPasswordLinks.staffId))
    .where(
      and(
        eq(staffPasswordLinks.guid, parts.guid),
        isNull(staffPasswordLinks.usedAt),
        gt(staffPasswordLinks.expiresAt, now),
      ),
    );
  if (!row || !linkTokenMatches(row.tokenHash, parts.token) || row.email.toLowerCase() !== parts.email.toLowerCase()) {
    throw problems.badRequest(RESET_LINK_INVALID);
  }
  return row;
}

export async function checkStaffPasswordLink(
  db: Database,
  parts: { token: string; email: string; guid: string },
  now: Date,
): Promise<{ email: string }> {
  return { email: (await usableLink(db, parts, now)).email };
}

/** Sets the member's password and spends the link in one transaction; their other sessions end. */
export async function setStaffPassword(
  db: Database,
  request: { token: string; email: string; guid: string; password: string },
  now: Date,
): Promise<void> {
  const row = await usableLink(db, request, now);
  const passwordHash = await hashPassword(request.password);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(staffPasswordLinks)
      .set({ usedAt: now })
      .where(and(eq(staffPasswordLinks.guid, request.guid), isNull(staffPasswordLinks.usedAt)))
      .returning({ guid: staffPasswordLinks.guid });
    if (!spent) throw problems.badRequest(RESET_LINK_INVALID);
    await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, row.staffId));
    await revokeStaffSessions(tx, row.staffId, now);
  });
}
