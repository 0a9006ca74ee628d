import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/contract/home';
import { bearer, createStaff, signedInCustomer } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * The freshness bound of Home/Notifications (5 s) across instances: what content staff change through one instance,
 * the other answers from its next request, and no answer may be kept by a browser or proxy.
 */
describe('Home/Notifications on two instances', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('answers a notification created on one instance from the other at once, uncached', async () => {
    const content = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'content')).email));
    const customer = await signedInCustomer(t.app, t.database.db);
    const read = async () => {
      const response = await second.app.inject({ method: 'GET', url: api('Home/Notifications'), headers: customer });
      expect(response.headers['cache-control']).toBe('no-store');
      return (response.json() as Notification[]).map((notification) => notification.text);
    };
    expect(await read()).toEqual([]);

    const created = await t.app.inject({
      method: 'POST',
      url: api('Staff/Notifications'),
      headers: content,
      payload: {
        text: 'Now showing everywhere',
        startDate: NOW.toISOString(),
        endDate: null,
        sortOrder: 0,
        secondsToDisplay: null,
        displayOnSaleIcon: false,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await read()).toEqual(['Now showing everywhere']);

    const { id } = created.json() as { id: number };
    await t.app.inject({ method: 'POST', url: api('Staff/NotificationDelete'), headers: content, payload: { id } });
    expect(await read()).toEqual([]);
  });
});
