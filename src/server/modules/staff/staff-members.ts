import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../contract/staff-roles';
import type { Database } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { problems } from '../../http/problem';
import { revokeStaffSessions } from '../auth/refresh-token';
import { queueMail } from '../mail/mail-queue';
import { unknownPasswordHash } from '../auth/user-invitation';
import { recordStaffChange } from './staff-audit';
import { STAFF_LINK_LIFETIME_DAYS, StaffEmailTakenError, addStaffMember } from './staff-users';

/** Staff/MemberCreate: the new member is mailed their link, in the transaction that adds them, and it is audited. */
export async function createStaffMember(
  db: Database,
  publicUrl: string,
  staffId: number,
  body: { readonly email: string; readonly name: string; readonly role: StaffRole },
  now: Date,
): Promise<void> {
  const passwordHash = await unknownPasswordHash();
  await db.transaction(async (tx) => {
    const created = await addStaffMember(tx, publicUrl, { ...body, passwordHash }, now).catch((error: unknown) => {
      throw error instanceof StaffEmailTakenError ? problems.conflict(error.message) : error;
    });
    await queueMail(
      tx,
      [
        {
          to: created.email,
          subject: 'Your YHI Trade back office sign-in',
          text: [
            `Hello ${created.name},`,
            '',
            `You have been added to the YHI Trade back office as ${body.role}. To choose your password, open:`,
            created.link,
            '',
            `The link works once, for ${STAFF_LINK_LIFETIME_DAYS} days. Then sign in on /staff/login.`,
          ].join('\n'),
        },
      ],
      now,
    );
    await recordStaffChange(
      tx,
      staffId,
      {
        action: 'staff.created',
        subjectType: 'staff',
        subjectRef: created.email,
        before: null,
        after: { email: created.email, name: created.name, role: body.role },
      },
      now,
    );
  });
}

/**
 * Staff/MemberSave: a member's role and access. Administrators cannot demote or disable themselves, so the shop is
 * never left without one by accident. Disabling ends the member's sessions, acting as customers included.
 */
export async function saveStaffMember(
  db: Database,
  staffId: number,
  body: { readonly email: string; readonly role: StaffRole; readonly disabled: boolean },
  now: Date,
  onDisabled: () => void,
): Promise<void> {
  const disabledNow = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(staffUsers)
      .where(sql`lower(${staffUsers.email}) = lower(${body.email})`)
      .for('update');
    if (!before) throw problems.notFound(`No staff member signs in as ${body.email}.`);
    if (before.id === staffId && (body.disabled || body.role !== 'administrator')) {
      throw problems.conflict('You cannot disable yourself or take away your own administrator role.');
    }
    if (before.role === body.role && before.disabled === body.disabled) return false;
    await tx.update(staffUsers).set({ role: body.role, disabled: body.disabled }).where(eq(staffUsers.id, before.id));
    const disabling = body.disabled && !before.disabled;
    if (disabling) await revokeStaffSessions(tx, before.id, now);
    await recordStaffChange(
      tx,
      staffId,
      {
        action: 'staff.updated',
        subjectType: 'staff',
        subjectRef: before.email,
        before: { role: before.role, disabled: before.disabled },
        after: { role: body.role, disabled: body.disabled },
      },
      now,
    );
    return disabling;
  });
  if (disabledNow) onDisabled();
}
