import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetail } from '../../src/contract/requests';
import { requestReviews, staffUsers } from '../../src/server/db/schema';
import { bearer, createCustomer, createStaff } from '../support/fixtures';
import { storeSubmission } from '../support/request-fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

/**
 * Claims staff move a request through its statuses, assign it and note it; each change is audited with the request,
 * and approving a trade account application waits for accounts to be opened from the back office.
 */
describe('reviewing a request', () => {
  let t: TestApp;
  let claims: Record<string, string>;
  let claimsMember: typeof staffUsers.$inferSelect;
  let accountId: number;
  const at = new Date('2026-11-25T02:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ now: at });
    const db = t.database.db;
    claimsMember = await createStaff(db, 'claims');
    claims = bearer(await signInStaff(t.app, claimsMember.email));
    accountId = (await createCustomer(db)).account.id;
    await storeSubmission(db, {
      reference: 'WC-REVW22',
      kind: 'WarrantyClaim',
      at: '2026-11-20T01:00:00Z',
      accountId,
      payload: { invoiceNumber: 'INV-1', contactName: 'Pat Lee', photos: [] },
    });
    await storeSubmission(db, {
      reference: 'TA-APPL22',
      kind: 'RetailerRegister',
      at: '2026-11-21T01:00:00Z',
      payload: { legalName: 'New Tyres Pty Ltd', contactName: 'Sam Owner' },
    });
  }, 60_000);
  afterAll(() => t.close());

  const post = (path: string, payload: object, headers = claims) =>
    t.app.inject({ method: 'POST', url: api(path), headers, payload });

  it('changes the status and audits it with the request and its account', async () => {
    const response = await post('Staff/RequestStatus', { reference: 'WC-REVW22', status: 'in review' });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<RequestDetail>();
    expect(detail.status).toBe('in review');
    expect(detail.audit).toMatchObject([
      {
        at: '2026-11-25T02:00:00.000Z',
        staffEmail: claimsMember.email,
        action: 'request.in-review',
        subject: 'request WC-REVW22',
        before: { status: 'new' },
        after: { status: 'in review' },
      },
    ]);
    const declined = await post('Staff/RequestStatus', { reference: 'WC-REVW22', status: 'declined' });
    expect(declined.json<RequestDetail>().audit.map((entry) => entry.action)).toEqual([
      'request.declined',
      'request.in-review',
    ]);
    const [review] = await t.database.db.select().from(requestReviews).where(eq(requestReviews.reference, 'WC-REVW22'));
    expect(review).toMatchObject({ status: 'declined', assigneeStaffId: null });
  });

  it('records nothing when the status does not change', async () => {
    await post('Staff/RequestStatus', { reference: 'WC-REVW22', status: 'declined' });
    const detail = await post('Staff/RequestStatus', { reference: 'WC-REVW22', status: 'declined' });
    expect(detail.json<RequestDetail>().audit.filter((entry) => entry.action === 'request.declined')).toHaveLength(1);
  });

  it('assigns to the caller, to another member who works the queue, and to nobody', async () => {
    const mine = await post('Staff/RequestAssign', { reference: 'WC-REVW22', assignee: 'me' });
    expect(mine.json<RequestDetail>().assignee).toEqual({
      id: claimsMember.id,
      name: claimsMember.name,
      email: claimsMember.email,
    });
    const administrator = await createStaff(t.database.db);
    const theirs = await post('Staff/RequestAssign', { reference: 'WC-REVW22', assignee: administrator.id });
    const detail = theirs.json<RequestDetail>();
    expect(detail.assignee?.email).toBe(administrator.email);
    expect(detail.status).toBe('declined');
    expect(detail.audit[0]).toMatchObject({
      action: 'request.assigned',
      before: { assignee: claimsMember.email },
      after: { assignee: administrator.email },
    });
    const nobody = await post('Staff/RequestAssign', { reference: 'WC-REVW22', assignee: null });
    expect(nobody.json<RequestDetail>().assignee).toBeNull();
  });

  it('refuses an assignee outside the queue, disabled, or unknown', async () => {
    const sales = await createStaff(t.database.db, 'sales');
    const disabled = await createStaff(t.database.db, 'claims');
    await t.database.db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, disabled.id));
    for (const assignee of [sales.id, disabled.id, 999_999]) {
      const refused = await post('Staff/RequestAssign', { reference: 'WC-REVW22', assignee });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        detail: 'Requests can be assigned only to claims staff and administrators.',
        validationErrors: [{ name: 'assignee', reason: 'Choose a member of claims staff or an administrator' }],
      });
    }
  });

  it('lists the members a request can be assigned to', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('Staff/StaffMembers'), headers: claims });
    expect(response.statusCode).toBe(200);
    const members = response.json<{ email: string; role: string }[]>();
    expect(members.map((member) => member.role).every((role) => role === 'claims' || role === 'administrator')).toBe(
      true,
    );
    expect(members.map((member) => member.email)).toContain(claimsMember.email);
  });

  it('adds internal notes, oldest first, and audits them', async () => {
    await post('Staff/RequestNote', { reference: 'WC-REVW22', text: 'Asked the dealer for the DOT photo.' });
    const response = await post('Staff/RequestNote', { reference: 'WC-REVW22', text: '  Photo received.  ' });
    const detail = response.json<RequestDetail>();
    expect(detail.notes.map((note) => [note.staffEmail, note.text])).toEqual([
      [claimsMember.email, 'Asked the dealer for the DOT photo.'],
      [claimsMember.email, 'Photo received.'],
    ]);
    expect(detail.audit[0]).toMatchObject({ action: 'request.noted', after: { text: 'Photo received.' } });
    expect((await post('Staff/RequestNote', { reference: 'WC-REVW22', text: '   ' })).statusCode).toBe(400);
  });

  it('refuses to approve a trade account application it cannot open an account from, and changes nothing', async () => {
    const refused = await post('Staff/RequestStatus', { reference: 'TA-APPL22', status: 'approved' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: 'Application TA-APPL22 is incomplete, so no account can be opened from it.',
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: api('Staff/Request?reference=TA-APPL22'),
      headers: claims,
    });
    expect(detail.json<RequestDetail>()).toMatchObject({ status: 'new', audit: [] });
    const declined = await post('Staff/RequestStatus', { reference: 'TA-APPL22', status: 'declined' });
    expect(declined.json<RequestDetail>().status).toBe('declined');
  });

  it('applies changes made at once one after the other, each from the state the other left', async () => {
    await storeSubmission(t.database.db, {
      reference: 'RA-RACE22',
      kind: 'ProductReturn',
      at: '2026-11-22T01:00:00Z',
      payload: { contactName: 'Pat Lee' },
    });
    const answers = await Promise.all(
      (['in review', 'closed'] as const).map((status) =>
        post('Staff/RequestStatus', { reference: 'RA-RACE22', status }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const detail = await t.app.inject({
      method: 'GET',
      url: api('Staff/Request?reference=RA-RACE22'),
      headers: claims,
    });
    const [last, first] = detail.json<RequestDetail>().audit;
    expect(first?.before).toEqual({ status: 'new' });
    expect(last?.before).toEqual(first?.after);
  });

  it('answers 404 for an unknown reference and 403 to staff outside claims', async () => {
    expect((await post('Staff/RequestStatus', { reference: 'WC-NONE22', status: 'closed' })).statusCode).toBe(404);
    const sales = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email));
    for (const [path, payload] of [
      ['Staff/RequestStatus', { reference: 'WC-REVW22', status: 'closed' }],
      ['Staff/RequestAssign', { reference: 'WC-REVW22', assignee: 'me' }],
      ['Staff/RequestNote', { reference: 'WC-REVW22', text: 'Not mine to note.' }],
    ] as const) {
      expect((await post(path, payload, sales)).statusCode, path).toBe(403);
    }
  });
});
