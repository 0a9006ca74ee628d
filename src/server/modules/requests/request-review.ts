import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type RequestStatus, staffMemberChoiceSchema } from '../../../contract/requests';
import type { Database } from '../../db/client';
import { formSubmissions, requestNotes, requestReviews, staffUsers } from '../../db/schema';
import { problems } from '../../http/problem';
import { recordStaffChange } from '../staff/staff-audit';
import { type StoredRequest, requireRequest } from './request-queue';
import { approveRetailerApplication } from './retailer-approval';

/** Who works the queue, and so who a request may be assigned to. */
const ASSIGNABLE_ROLES = ['claims', 'administrator'];

/** Writes where staff are with a request; a request without a review row is new and unassigned. */
async function saveReview(
  tx: Database,
  reference: string,
  review: { status: RequestStatus; assigneeStaffId: number | null },
  now: Date,
): Promise<void> {
  await tx
    .insert(requestReviews)
    .values({ reference, ...review, updatedAt: now })
    .onConflictDoUpdate({ target: requestReviews.reference, set: { ...review, updatedAt: now } });
}

/**
 * The request, read in the transaction that changes it after waiting for any other change to it: two members acting
 * at once change it one after the other, each from the state the other left (never two approvals of one application).
 */
async function requestForChange(tx: Database, reference: string): Promise<StoredRequest> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`request ${reference}`}))`);
  return requireRequest(tx, reference);
}

function auditOf(request: StoredRequest) {
  return { subjectType: 'request', subjectRef: request.reference, accountId: request.accountId };
}

/**
 * Moves a request to `status`. Approving a trade account application also opens the account, in the same
 * transaction, so an application is never approved without its account (nor the account opened twice).
 */
export async function setRequestStatus(
  db: Database,
  publicUrl: string,
  staffId: number,
  reference: string,
  status: RequestStatus,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await requestForChange(tx, reference);
    if (request.status === status) return;
    if (status === 'approved' && request.kind === 'RetailerRegister') {
      const [submission] = await tx
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.reference, request.reference));
      if (submission) await approveRetailerApplication(tx, publicUrl, submission, staffId, now);
    }
    await saveReview(tx, request.reference, { status, assigneeStaffId: request.assignee?.id ?? null }, now);
    await recordStaffChange(
      tx,
      staffId,
      {
        action: `request.${status.replace(' ', '-')}`,
        ...auditOf(request),
        before: { status: request.status },
        after: { status },
      },
      now,
    );
  });
}

/** Assigns a request to a member who works the queue ('me' is the caller), or to nobody. */
export async function assignRequest(
  db: Database,
  staffId: number,
  reference: string,
  assignee: 'me' | number | null,
  now: Date,
): Promise<void> {
  const assigneeId = assignee === 'me' ? staffId : assignee;
  await db.transaction(async (tx) => {
    const request = await requestForChange(tx, reference);
    let member: { email: string } | null = null;
    if (assigneeId !== null) {
      [member = null] = await tx
        .select({ email: staffUsers.email })
        .from(staffUsers)
        .where(
          and(
            eq(staffUsers.id, assigneeId),
            eq(staffUsers.disabled, false),
            inArray(staffUsers.role, ASSIGNABLE_ROLES),
          ),
        );
      if (!member) {
        throw problems.badRequest('Requests can be assigned only to claims staff and administrators.', [
          { name: 'assignee', reason: 'Choose a member of claims staff or an administrator' },
        ]);
      }
    }
    if ((request.assignee?.id ?? null) === assigneeId) return;
    await saveReview(tx, request.reference, { status: request.status, assigneeStaffId: assigneeId }, now);
    await recordStaffChange(
      tx,
      staffId,
      {
        action: 'request.assigned',
        ...auditOf(request),
        before: { assignee: request.assignee?.email ?? null },
        after: { assignee: member?.email ?? null },
      },
      now,
    );
  });
}

/** Adds an internal note, kept with the author's email so it outlives the member. */
export async function addRequestNote(
  db: Database,
  staffId: number,
  reference: string,
  text: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await requestForChange(tx, reference);
    const [author] = await tx.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, staffId));
    if (!author) throw problems.unauthorized();
    await tx
      .insert(requestNotes)
      .values({ reference: request.reference, staffId, staffEmail: author.email, text, at: now });
    await recordStaffChange(
      tx,
      staffId,
      { action: 'request.noted', ...auditOf(request), before: null, after: { text } },
      now,
    );
  });
}

/** The members a request can be assigned to, by name. */
export async function requestAssignees(db: Database) {
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, role: staffUsers.role })
    .from(staffUsers)
    .where(and(eq(staffUsers.disabled, false), inArray(staffUsers.role, ASSIGNABLE_ROLES)))
    .orderBy(asc(staffUsers.name), asc(staffUsers.id));
  return staffMemberChoiceSchema.array().parse(rows);
}
