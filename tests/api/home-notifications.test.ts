import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/contract/home';
import { notifications } from '../../src/server/db/schema';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const days = (count: number) => new Date(NOW.getTime() + count * 86_400_000);

describe('Home/Notifications', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.database.db.insert(notifications).values([
      { text: 'windowed', startsAt: days(-1), endsAt: days(1), sortOrder: 3 },
      { text: 'open both ends', startsAt: null, endsAt: null, sortOrder: 1 },
      { text: 'open start', startsAt: null, endsAt: days(2), sortOrder: 2 },
      { text: 'open end', startsAt: days(-2), endsAt: null, sortOrder: 4, secondsToDisplay: 9 },
      { text: 'expired', startsAt: days(-9), endsAt: days(-1), sortOrder: 0 },
      { text: 'future', startsAt: days(1), endsAt: null, sortOrder: 0 },
    ]);
  });
  afterAll(() => t.close());

  it('answers only the notifications active now, by sortOrder, to visitors too', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('Home/Notifications') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json() as Notification[];
    expect(body.map((n) => n.text)).toEqual(['open both ends', 'open start', 'windowed', 'open end']);
    expect(body[3]).toMatchObject({ secondsToDisplay: 9, startDate: days(-2).toISOString(), endDate: null });
  });

  it('follows the clock: an ended notification drops out, a starting one appears', async () => {
    t.clock.now = days(1.5);
    const body = (await t.app.inject({ method: 'GET', url: api('home/notifications') })).json() as Notification[];
    expect(body.map((n) => n.text)).toEqual(['future', 'open both ends', 'open start', 'open end']);
    t.clock.now = NOW;
  });
});
