import { asc, eq } from 'drizzle-orm';
import type { StaffNotification, StaffNotificationFields } from '../../../contract/staff-content';
import { isWithinDisplayWindow } from '../../../domain/notification-window';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { problems } from '../../http/problem';
import { changedFields } from '../staff/changed-fields';
import { recordStaffChange } from '../staff/staff-audit';

type NotificationRow = typeof notifications.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const instant = (text: string | null) => (text === null ? null : new Date(text));

/** A row as the contract names its fields; the audit records the same shape, so its entries read like the API. */
function fieldsOf(row: NotificationRow) {
  return {
    text: row.text,
    startDate: iso(row.startsAt),
    endDate: iso(row.endsAt),
    sortOrder: row.sortOrder,
    secondsToDisplay: row.secondsToDisplay,
    displayOnSaleIcon: row.displayOnSaleIcon,
  };
}

function answer(row: NotificationRow, now: Date): StaffNotification {
  const fields = fieldsOf(row);
  return { id: row.id, ...fields, showingNow: isWithinDisplayWindow(fields, now) };
}

function columnsOf(fields: StaffNotificationFields) {
  return {
    text: fields.text,
    startsAt: instant(fields.startDate),
    endsAt: instant(fields.endDate),
    sortOrder: fields.sortOrder,
    secondsToDisplay: fields.secondsToDisplay,
    displayOnSaleIcon: fields.displayOnSaleIcon,
  };
}

const noneWithId = (id: number) => problems.notFound(`No notification has the id ${id}.`);

/** Staff/Notifications: every notification, whether showing or not, in the order the bar would show them. */
export async function listNotifications(db: Database, now: Date): Promise<StaffNotification[]> {
  const rows = await db.select().from(notifications).orderBy(asc(notifications.sortOrder), asc(notifications.id));
  return rows.map((row) => answer(row, now));
}

/**
 * Staff/Notifications (POST): a new notification, audited in the same transaction. Nothing caches Home/Notifications
 * (see home-handlers.ts), so every instance answers it from the next request on.
 */
export async function createNotification(
  db: Database,
  staffId: number,
  fields: StaffNotificationFields,
  now: Date,
): Promise<StaffNotification> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(notifications).values(columnsOf(fields)).returning();
    if (!row) throw new Error('the notification was not inserted');
    await recordStaffChange(
      tx,
      staffId,
      {
        action: 'notification.created',
        subjectType: 'notification',
        subjectRef: String(row.id),
        accountId: null,
        before: null,
        after: fieldsOf(row),
      },
      now,
    );
    return row;
  });
  return answer(created, now);
}

/** Staff/NotificationSave: the notification's fields, audited with only what changed. */
export async function saveNotification(
  db: Database,
  staffId: number,
  body: StaffNotificationFields & { id: number },
  now: Date,
): Promise<StaffNotification> {
  const { id, ...fields } = body;
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(notifications).where(eq(notifications.id, id)).for('update');
    if (!before) throw noneWithId(id);
    const [after] = await tx.update(notifications).set(columnsOf(fields)).where(eq(notifications.id, id)).returning();
    if (!after) throw noneWithId(id);
    const { before: was, after: is } = changedFields(fieldsOf(before), fieldsOf(after));
    if (Object.keys(is).length > 0) {
      await recordStaffChange(
        tx,
        staffId,
        {
          action: 'notification.updated',
          subjectType: 'notification',
          subjectRef: String(id),
          accountId: null,
          before: was,
          after: is,
        },
        now,
      );
    }
    return after;
  });
  return answer(saved, now);
}

/** Staff/NotificationDelete: gone from the bar, with its last fields kept in the audit. */
export async function deleteNotification(db: Database, staffId: number, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(notifications).where(eq(notifications.id, id)).returning();
    if (!deleted) throw noneWithId(id);
    await recordStaffChange(
      tx,
      staffId,
      {
        action: 'notification.deleted',
        subjectType: 'notification',
        subjectRef: String(id),
        accountId: null,
        before: fieldsOf(deleted),
        after: null,
      },
      now,
    );
  });
  return { id };
}
