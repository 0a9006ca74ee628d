import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/contract/problem';
import type { StaffDiscountCode } from '../../src/contract/staff-content';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { createOrder } from '../support/order-fixtures';
import { type ContentStaffApp, fieldNames, startContentStaffApp } from '../support/content-staff';
import { signInStaff } from '../support/roles';
import type { TestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

const summer = {
  code: 'summer12',
  label: 'Summer 12.5% off',
  percentage: 12.5,
  startDate: at(-1),
  endDate: at(48),
  usesPerAccount: 1,
  usesInTotal: 100,
};
const SUMMER = 'SUMMER12';

/**
 * Staff/DiscountCodes and its changes: content staff create, edit and delete the discount codes the cart applies, the
 * contract refuses bad fields and duplicate codes by name without changing anything, every change is audited with
 * the values before and after, and each code counts the placed orders that carried it.
 */
describe('content staff manage discount codes', () => {
  let t: TestApp;
  let content: Record<string, string>;
  let contentEmail: string;
  let admin: Record<string, string>;
  let get: ContentStaffApp['get'];
  let post: ContentStaffApp['post'];

  beforeAll(async () => {
    ({ t, content, contentEmail, admin, get, post } = await startContentStaffApp(NOW));
  });
  afterAll(() => t.close());

  const listed = async () => (await get('Staff/DiscountCodes', content)).json() as StaffDiscountCode[];

  it('creates a code in upper case that the cart applies at once, and lists it with its uses', async () => {
    const created = await post('Staff/DiscountCodes', { ...summer, code: '  summer12 ' }, content);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ ...summer, code: SUMMER, timesUsed: 0, activeNow: true });

    const customer = await createCustomer(t.database.db);
    const applied = await post('Cart/Discount', { code: 'Summer12' }, bearer(await signIn(t.app, customer.email)));
    expect(applied.statusCode, applied.body).toBe(200);

    await createOrder(t.database.db, customer.account.id, { discountCode: SUMMER, status: 'Placed' });
    await createOrder(t.database.db, customer.account.id, { discountCode: SUMMER, status: 'Paid' });
    await createOrder(t.database.db, customer.account.id, { discountCode: SUMMER, status: 'Expired' });
    const later = await post('Staff/DiscountCodes', { ...summer, code: 'LATER-5', startDate: at(24) }, content);
    expect(later.statusCode, later.body).toBe(200);

    const list = await get('Staff/DiscountCodes', content);
    expect(list.statusCode).toBe(200);
    expect(
      (list.json() as StaffDiscountCode[]).map(({ code, timesUsed, activeNow }) => ({ code, timesUsed, activeNow })),
    ).toEqual([
      { code: 'LATER-5', timesUsed: 0, activeNow: false },
      { code: SUMMER, timesUsed: 2, activeNow: true },
    ]);
  });

  it('refuses a code that exists already, in any case, on the code field', async () => {
    const again = await post('Staff/DiscountCodes', { ...summer, label: 'Another', code: 'Summer12' }, content);
    expect(again.statusCode).toBe(400);
    expect((again.json() as Problem).validationErrors).toEqual([
      { name: 'code', reason: 'The code SUMMER12 exists already.' },
    ]);
    expect((await listed()).find((code) => code.code === SUMMER)?.label).toBe(summer.label);
  });

  it('refuses bad fields with 400, names each one and changes nothing', async () => {
    const before = await listed();
    const refused = await post(
      'Staff/DiscountCodes',
      { ...summer, code: 'NEW CODE', label: ' ', percentage: 0, usesPerAccount: 0, usesInTotal: 2.5 },
      content,
    );
    expect(refused.statusCode).toBe(400);
    expect(fieldNames(refused.body).sort()).toEqual(['code', 'label', 'percentage', 'usesInTotal', 'usesPerAccount']);

    const tooMuch = await post('Staff/DiscountCodes', { ...summer, code: 'BIG', percentage: 101 }, content);
    expect(fieldNames(tooMuch.body)).toEqual(['percentage']);
    const tooFine = await post('Staff/DiscountCodes', { ...summer, code: 'FINE', percentage: 12.345 }, content);
    expect(fieldNames(tooFine.body)).toEqual(['percentage']);
    const backwards = await post(
      'Staff/DiscountCodes',
      { ...summer, code: 'BACK', startDate: at(2), endDate: at(1) },
      content,
    );
    expect(fieldNames(backwards.body)).toEqual(['endDate']);
    const badEdit = await post('Staff/DiscountCodeSave', { ...summer, percentage: 150 }, content);
    expect(fieldNames(badEdit.body)).toEqual(['percentage']);

    expect(await listed()).toEqual(before);
  });

  it('is for content staff and administrators only', async () => {
    const sales = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email));
    expect((await get('Staff/DiscountCodes', sales)).statusCode).toBe(403);
    expect((await post('Staff/DiscountCodes', { ...summer, code: 'SALES' }, sales)).statusCode).toBe(403);
    expect((await post('Staff/DiscountCodeDelete', { code: SUMMER }, sales)).statusCode).toBe(403);
    expect((await get('Staff/DiscountCodes', admin)).statusCode).toBe(200);
  });

  it('edits and deletes a code by its code, answering 404 for one that is not there', async () => {
    await post('Staff/DiscountCodes', { ...summer, code: 'DRAFT' }, content);
    const saved = await post(
      'Staff/DiscountCodeSave',
      { ...summer, code: 'draft', label: 'Final', percentage: 20, endDate: null, usesInTotal: null },
      content,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      ...summer,
      code: 'DRAFT',
      label: 'Final',
      percentage: 20,
      endDate: null,
      usesInTotal: null,
      timesUsed: 0,
      activeNow: true,
    });

    const deleted = await post('Staff/DiscountCodeDelete', { code: 'Draft' }, content);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ code: 'DRAFT' });
    expect((await listed()).map((code) => code.code)).not.toContain('DRAFT');

    expect((await post('Staff/DiscountCodeDelete', { code: 'DRAFT' }, content)).statusCode).toBe(404);
    expect((await post('Staff/DiscountCodeSave', { ...summer, code: 'DRAFT' }, content)).statusCode).toBe(404);
  });

  it('records each change with the values before and after, for administrators to read', async () => {
    await post('Staff/DiscountCodes', { ...summer, code: 'AUDITED' }, content);
    await post('Staff/DiscountCodeSave', { ...summer, code: 'AUDITED', percentage: 15 }, content);
    await post('Staff/DiscountCodeDelete', { code: 'AUDITED' }, content);

    const audit = await get('Staff/Audit?subjectType=discount-code&subjectRef=AUDITED', admin);
    expect(audit.statusCode, audit.body).toBe(200);
    expect((audit.json() as { entries: unknown[] }).entries).toEqual([
      expect.objectContaining({
        staffEmail: contentEmail,
        action: 'discount-code.deleted',
        accountCode: null,
        before: { ...summer, code: 'AUDITED', percentage: 15 },
        after: null,
      }),
      expect.objectContaining({
        action: 'discount-code.updated',
        before: { percentage: 12.5 },
        after: { percentage: 15 },
      }),
      expect.objectContaining({
        action: 'discount-code.created',
        before: null,
        after: { ...summer, code: 'AUDITED' },
      }),
    ]);
  });
});
