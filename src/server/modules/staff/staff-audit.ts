import { type SQL, and, count, desc, eq, sql } from 'drizzle-orm';
import type { StaffAuditEntry } from '../../../contract/staff';
import type { Database } from '../../db/client';
import { accounts, staffAudit, staffUsers } from '../../db/schema';

/** One change a staff member made: what, to which subject, and the values before and after (null for none). */
export interface StaffChange {
  readonly action: string;
  readonly subjectType: string;
  readonly subjectRef: string;
  /** The customer account the change touched, so the account's page lists it. */
  readonly accountId?: number | null;
  readonly before: unknown;
  readonly after: unknown;
}

/**
 * Records a change in the back office's audit. Called with the transaction that makes the change, so the entry and
 * the change are kept or lost together. The member's email is copied into the entry, which outlives the member.
 */
export async function recordStaffChange(db: Database, staffId: number, change: StaffChange, at: Date): Promise<void> {
  const recorded = await db.execute(sql`
    insert into ${staffAudit} (at, staff_id, staff_email, action, subject_type, subject_ref, account_id, before, after)
    select ${at.toISOString()}::timestamptz, ${staffUsers.id}, ${staffUsers.email}, ${change.action},
      ${change.subjectType}, ${change.subjectRef}, ${change.accountId ?? null}::int,
      ${JSON.stringify(change.before ?? null)}::jsonb, ${JSON.stringify(change.after ?? null)}::jsonb
    from ${staffUsers} where ${staffUsers.id} = ${staffId}
    returning id`);
  if ((recorded as unknown as { rows: unknown[] }).rows.length === 0) {
    throw new Error(`staff member ${staffId} is unknown; the change is not recorded`);
  }
}

export interface StaffAuditFilter {
  readonly accountCode?: string | undefined;
  readonly subjectType?: string | undefined;
  readonly subjectRef?: string | undefined;
  readonly page: number;
  readonly pageSize: number;
}

/** The audit, newest first, narrowed to an account or a subject when asked. */
export async function listStaffAudit(db: Database, filter: StaffAuditFilter) {
  const conditions: SQL[] = [];
  if (filter.accountCode) conditions.push(sql`lower(${accounts.code}) = lower(${filter.accountCode})`);
  if (filter.subjectType) conditions.push(eq(staffAudit.subjectType, filter.subjectType));
  if (filter.subjectRef) conditions.push(eq(staffAudit.subjectRef, filter.subjectRef));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ entry: staffAudit, accountCode: accounts.code })
      .from(staffAudit)
      .leftJoin(accounts, eq(accounts.id, staffAudit.accountId))
      .where(where)
      .orderBy(desc(staffAudit.at), desc(staffAudit.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: count() })
      .from(staffAudit)
      .leftJoin(accounts, eq(accounts.id, staffAudit.accountId))
      .where(where),
  ]);
  const entries: StaffAuditEntry[] = rows.map(({ entry, accountCode }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    staffEmail: entry.staffEmail,
    action: entry.action,
    subject: `${entry.subjectType} ${entry.subjectRef}`,
    subjectType: entry.subjectType,
    subjectRef: entry.subjectRef,
    accountCode: accountCode ?? null,
    before: entry.before,
    after: entry.after,
  }));
  return { entries, total: totals?.total ?? 0, page: filter.page, pageSize: filter.pageSize };
}
