import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AustralianState, SiteSettings } from '../../src/contract/global';
import { settings } from '../../src/server/db/schema';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('Global/States and Global/Settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the eight states and territories', async () => {
    const states = (await t.app.inject({ method: 'GET', url: api('Global/States') })).json() as AustralianState[];
    expect(states.map((state) => state.code)).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
  });

  it('answers stored settings over the defaults, and demo mode from the configuration', async () => {
    const before = (await t.app.inject({ method: 'GET', url: api('Global/Settings') })).json() as SiteSettings;
    expect(before.phone).toBe('1300 975 707');
    expect(before.demoMode).toBe(false);
    await t.database.db.insert(settings).values({ key: 'phone', value: '03 5550 1234' });
    const after = (await t.app.inject({ method: 'GET', url: api('Global/Settings') })).json() as SiteSettings;
    expect(after.phone).toBe('03 5550 1234');
  });
});
