import { asc, eq } from 'drizzle-orm';
import type { StaffDiscountCode, StaffDiscountCodeFields } from '../../../contract/staff-content';
import type { Database } from '../../db/client';
import { discountCodes } from '../../db/schema';
import { problems } from '../../http/problem';
import { usesByCode } from '../cart/discount-code-uses';
import { isDiscountCodeActive } from '../cart/discount-codes';
import { changedFields } from '../staff/changed-fields';
import { recordStaffChange } from '../staff/staff-audit';

type DiscountCodeRow = typeof discountCodes.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const instant = (text: string | null) => (text === null ? null : new Date(text));

/** A row as the contract names its fields; the audit records the same shape, so its entries read like the API. */
function fieldsOf(row: DiscountCodeRow): StaffDiscountCodeFields {
  return {
    code: row.code,
    label: row.label,
    percentage: row.discountBasisPoints / 100,
    startDate: iso(row.startsAt),
    endDate: iso(row.endsAt),
    usesPerAccount: row.usesPerAccount,
    usesInTotal: row.usesInTotal,
  };
}

function columnsOf(fields: StaffDiscountCodeFields) {
  return {
    label: fields.label,
    discountBasisPoints: Math.round(fields.percentage * 100),
    startsAt: instant(fields.startDate),
    endsAt: instant(fields.endDate),
    usesPerAccount: fields.usesPerAccount,
    usesInTotal: fields.usesInTotal,
  };
}

function answer(row: DiscountCodeRow, timesUsed: number, now: Date): StaffDiscountCode {
  return { ...fieldsOf(row), timesUsed, activeNow: isDiscountCodeActive(row, now) };
}

async function answerWithUses(db: Database, row: DiscountCodeRow, now: Date): Promise<StaffDiscountCode> {
  return answer(row, (await usesByCode(db, row.code)).get(row.code) ?? 0, now);
}

const noneWithCode = (code: string) => problems.notFound(`No discount code is ${code}.`);

const audited = (code: string, action: string, before: unknown, after: unknown) => ({
  action: `discount-code.${action}`,
  subjectType: 'discount-code',
  subjectRef: code,
  accountId: null,
  before,
  after,
});

/** Staff/DiscountCodes: every code, by code, with how many placed orders used it. */
export async function listDiscountCodes(db: Database, now: Date): Promise<StaffDiscountCode[]> {
  const [rows, uses] = await Promise.all([
    db.select().from(discountCodes).orderBy(asc(discountCodes.code)),
    usesByCode(db),
  ]);
  return rows.map((row) => answer(row, uses.get(row.code) ?? 0, now));
}

/**
 * Staff/DiscountCodes (POST): a new code, audited in the same transaction. The code is the table's key, so a second
 * one of the same text is refused on the field (also when two members add it at once: the insert does nothing).
 */
export async function createDiscountCode(
  db: Database,
  staffId: number,
  fields: StaffDiscountCodeFields,
  now: Date,
): Promise<StaffDiscountCode> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discountCodes)
      .values({ code: fields.code, ...columnsOf(fields) })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const reason = `The code ${fields.code} exists already.`;
      throw problems.badRequest(reason, [{ name: 'code', reason }]);
    }
    await recordStaffChange(tx, staffId, audited(row.code, 'created', null, fieldsOf(row)), now);
    return row;
  });
  return answerWithUses(db, created, now);
}

/**
 * Staff/DiscountCodeSave: the settings of a code, by code, audited with only what changed. The code itself is not
 * renamed: carts hold it and placed orders carry it by its text, so a new text is a new code.
 */
export async function saveDiscountCode(
  db: Database,
  staffId: number,
  fields: StaffDiscountCodeFields,
  now: Date,
): Promise<StaffDiscountCode> {
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.code, fields.code)).for('update');
    if (!before) throw noneWithCode(fields.code);
    const [after] = await tx
      .update(discountCodes)
      .set(columnsOf(fields))
      .where(eq(discountCodes.code, fields.code))
      .returning();
    if (!after) throw noneWithCode(fields.code);
    const { before: was, after: is } = changedFields(fieldsOf(before), fieldsOf(after));
    if (Object.keys(is).length > 0) await recordStaffChange(tx, staffId, audited(after.code, 'updated', was, is), now);
    return after;
  });
  return answerWithUses(db, saved, now);
}

/**
 * Staff/DiscountCodeDelete: deleted rather than retired, because nothing needs the row afterwards. Placed orders
 * copy the code's text and their discount in cents (orders.discount_code has no reference to this table), so their
 * history, invoices and totals stay as they were; a cart still holding the code simply stops getting the discount, as
 * with an expired one. Its last settings are kept in the audit.
 */
export async function deleteDiscountCode(db: Database, staffId: number, code: string, now: Date) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(discountCodes).where(eq(discountCodes.code, code)).returning();
    if (!deleted) throw noneWithCode(code);
    await recordStaffChange(tx, staffId, audited(code, 'deleted', fieldsOf(deleted), null), now);
  });
  return { code };
}
