import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/contract/home';
import type { StaffNotification } from '../../src/contract/staff-content';
import { bearer, createStaff, signedInCustomer } from '../support/fixtures';
import { type ContentStaffApp, fieldNames, startContentStaffApp } from '../support/content-staff';
import { signInStaff } from '../support/roles';
import type { TestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

const scheduled = {
  text: 'Warehouses close at noon on Christmas Eve.',
  startDate: at(-1),
  endDate: at(48),
  sortOrder: 1,
  secondsToDisplay: 7,
  displayOnSaleIcon: true,
};

/**
 * Staff/Notifications and its changes: content staff schedule, edit and delete the notifications of customers' bar,
 * Home/Notifications answers the ones showing now, the contract refuses bad fields by name, and every change is audited
 * with the values before and after.
 */
describe('content staff manage the notification bar', () => {
  let t: TestApp;
  let content: Record<string, string>;
  let contentEmail: string;
  let admin: Record<string, string>;
  let get: ContentStaffApp['get'];
  let post: ContentStaffApp['post'];
  let customer: Record<string, string>;

  beforeAll(async () => {
    ({ t, content, contentEmail, admin, get, post } = await startContentStaffApp(NOW));
    customer = await signedInCustomer(t.app, t.database.db);
  });
  afterAll(() => t.close());

  const shownToCustomers = async () =>
    ((await get('Home/Notifications', customer)).json() as Notification[]).map((n) => n.text);

  it('creates a notification that Home/Notifications answers to a signed-in customer at once', async () => {
    const created = await post('Staff/Notifications', scheduled, content);
    expect(created.statusCode, created.body).toBe(200);
    const notification = created.json() as StaffNotification;
    expect(notification).toEqual({ id: expect.any(Number), ...scheduled, showingNow: true });

    const shown = await get('Home/Notifications', customer);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toEqual([{ ...scheduled, id: notification.id }]);
  });

  it('lists a notification that starts later, not showing now, and keeps it from customers', async () => {
    const later = await post(
      'Staff/Notifications',
      { ...scheduled, text: 'Stocktake next week.', startDate: at(24), endDate: null },
      content,
    );
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ showingNow: false, endDate: null });

    const listed = await get('Staff/Notifications', content);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as StaffNotification[]).map(({ text, showingNow }) => ({ text, showingNow }))).toEqual([
      { text: scheduled.text, showingNow: true },
      { text: 'Stocktake next week.', showingNow: false },
    ]);
    expect(await shownToCustomers()).toEqual([scheduled.text]);

    t.clock.now = new Date(at(25));
    expect(await shownToCustomers()).toEqual([scheduled.text, 'Stocktake next week.']);
    t.clock.now = NOW;
  });

  it('refuses bad fields with 400 and names each one', async () => {
    const refused = await post(
      'Staff/Notifications',
      { ...scheduled, text: '  ', sortOrder: -1, secondsToDisplay: 0, startDate: '22/11/2026' },
      content,
    );
    expect(refused.statusCode).toBe(400);
    expect(fieldNames(refused.body).sort()).toEqual(['secondsToDisplay', 'sortOrder', 'startDate', 'text']);

    const backwards = await post('Staff/Notifications', { ...scheduled, startDate: at(2), endDate: at(1) }, content);
    expect(backwards.statusCode).toBe(400);
    expect(fieldNames(backwards.body)).toEqual(['endDate']);

    const tooLong = await post('Staff/Notifications', { ...scheduled, text: 'x'.repeat(301) }, content);
    expect(fieldNames(tooLong.body)).toEqual(['text']);
  });

  it('is for content staff and administrators only', async () => {
    const sales = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email));
    expect((await post('Staff/Notifications', scheduled, sales)).statusCode).toBe(403);
    expect((await get('Staff/Notifications', sales)).statusCode).toBe(403);
    expect((await post('Staff/Notifications', scheduled, customer)).statusCode).toBe(403);
    expect((await get('Staff/Notifications', admin)).statusCode).toBe(200);
  });

  it('edits and deletes a notification by id, answering 404 for one that is not there', async () => {
    const created = (
      await post('Staff/Notifications', { ...scheduled, text: 'Draft' }, content)
    ).json() as StaffNotification;

    const saved = await post(
      'Staff/NotificationSave',
      { ...scheduled, id: created.id, text: 'Final', secondsToDisplay: null, displayOnSaleIcon: false },
      content,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: created.id, text: 'Final', secondsToDisplay: null, showingNow: true });
    expect(await shownToCustomers()).toContain('Final');

    const deleted = await post('Staff/NotificationDelete', { id: created.id }, content);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ id: created.id });
    expect(await shownToCustomers()).not.toContain('Final');

    expect((await post('Staff/NotificationDelete', { id: created.id }, content)).statusCode).toBe(404);
    expect((await post('Staff/NotificationSave', { ...scheduled, id: created.id }, content)).statusCode).toBe(404);
  });

  it('records each change with the values before and after, for administrators to read', async () => {
    const created = (
      await post('Staff/Notifications', { ...scheduled, text: 'Audited' }, content)
    ).json() as StaffNotification;
    await post('Staff/NotificationSave', { ...scheduled, id: created.id, text: 'Audited', sortOrder: 5 }, content);
    await post('Staff/NotificationDelete', { id: created.id }, content);

    const audit = await get(`Staff/Audit?subjectType=notification&subjectRef=${created.id}`, admin);
    expect(audit.statusCode, audit.body).toBe(200);
    expect((audit.json() as { entries: unknown[] }).entries).toEqual([
      expect.objectContaining({
        staffEmail: contentEmail,
        action: 'notification.deleted',
        subject: `notification ${created.id}`,
        accountCode: null,
        before: { ...scheduled, text: 'Audited', sortOrder: 5 },
        after: null,
      }),
      expect.objectContaining({
        action: 'notification.updated',
        before: { sortOrder: 1 },
        after: { sortOrder: 5 },
      }),
      expect.objectContaining({
        action: 'notification.created',
        before: null,
        after: { ...scheduled, text: 'Audited' },
      }),
    ]);
  });
});
