import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createStaff, signIn } from '../support/fixtures';
import { impersonate, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const HOUR = 3_600_000;

/** Staff sessions are shorter than customers': an hour's access token, and a refresh token that lapses after 12 hours. */
describe('how long a staff session lasts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: api('Authenticate/TokenRefresh'), payload: { refreshToken } });

  it('gives staff an access token of an hour, customers one of a day', async () => {
    const staff = await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email);
    expect(staff.cookieExpiry).toBe(60);
    const claims = decodeJwt(staff.token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3_600);

    const customer = await signIn(t.app, (await createCustomer(t.database.db)).email);
    expect(customer.cookieExpiry).toBe(1_440);
  });

  it('keeps an acting staff member to the staff lifetime', async () => {
    const member = await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email);
    const customer = await createCustomer(t.database.db);
    const acting = await impersonate(t.app, member, customer.account.id);
    expect(acting.cookieExpiry).toBe(60);
  });

  it('renews a staff session within 12 hours, and not after', async () => {
    const email = (await createStaff(t.database.db, 'credit')).email;
    const early = await signInStaff(t.app, email);
    const late = await signInStaff(t.app, email);
    t.clock.now = new Date(NOW.getTime() + 11 * HOUR);
    try {
      expect((await refresh(early.refreshToken)).statusCode).toBe(200);
      t.clock.now = new Date(NOW.getTime() + 12 * HOUR + 1_000);
      expect((await refresh(late.refreshToken)).statusCode).toBe(401);
    } finally {
      t.clock.now = NOW;
    }
  });
});
