import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationKeys } from '../../src/server/db/schema';
import {
  IntegrationKeyNameTakenError,
  createIntegrationKey,
  revokeIntegrationKey,
} from '../../src/server/modules/integration/integration-keys';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, api, createTestApp } from '../support/test-app';

/**
 * Integration keys: random, shown once, kept hashed, scoped, and refused on every instance the moment they are
 * revoked; separate from users' tokens in both directions, with a rate limit per key.
 */
describe('integration keys', () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close: () => Promise<void> };

  beforeAll(async () => {
    t = await createTestApp({ env: { INTEGRATION_RATE_LIMIT_PER_MINUTE: '5' } });
    other = await startSecondInstance(t, { INTEGRATION_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const whoAmI = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: api('Integration/Key'), headers: { authorization: `Bearer ${token}` } });

  it('is random, stored only as a digest, and answers its own name and scopes', async () => {
    const first = await createIntegrationKey(t.database.db, 'erp', ['stock', 'prices']);
    const second = await createIntegrationKey(t.database.db, 'feed', ['stock']);
    expect(first.token).toMatch(/^yhi_ik_[A-Za-z0-9_-]{43}$/);
    expect(first.token).not.toBe(second.token);
    const stored = await t.database.db.select().from(integrationKeys);
    expect(JSON.stringify(stored)).not.toContain(first.token.slice(7));

    const response = await whoAmI(t.app, first.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'erp', scopes: ['stock', 'prices'] });
    const [used] = await t.database.db
      .select({ lastUsedAt: integrationKeys.lastUsedAt })
      .from(integrationKeys)
      .where(eq(integrationKeys.name, 'erp'));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses a second key of the same name', async () => {
    await createIntegrationKey(t.database.db, 'twice', ['stock']);
    await expect(createIntegrationKey(t.database.db, 'twice', ['stock'])).rejects.toBeInstanceOf(
      IntegrationKeyNameTakenError,
    );
  });

  it('answers 401 for a key nobody issued', async () => {
    const response = await whoAmI(t.app, `yhi_ik_${'A'.repeat(43)}`);
    expect(response.statusCode).toBe(401);
  });

  it('is refused at once on every instance once revoked', async () => {
    const { token } = await createIntegrationKey(t.database.db, 'leaked', ['stock']);
    expect((await whoAmI(t.app, token)).statusCode).toBe(200);
    expect((await whoAmI(other.app, token)).statusCode).toBe(200);
    expect(await revokeIntegrationKey(t.database.db, 'leaked', new Date())).toBe(true);
    expect((await whoAmI(t.app, token)).statusCode).toBe(401);
    expect((await whoAmI(other.app, token)).statusCode).toBe(401);
  });

  it('opens no user route, and no user token opens an integration route', async () => {
    const { token } = await createIntegrationKey(t.database.db, 'separate', ['stock', 'prices', 'catalogue']);
    const asKey = await t.app.inject({
      method: 'GET',
      url: api('Account/UserInfo'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asKey.statusCode).toBe(403);
    const customer = await createCustomer(t.database.db);
    const asUser = await t.app.inject({
      method: 'GET',
      url: api('Integration/Key'),
      headers: bearer(await signIn(t.app, customer.email)),
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('has a rate limit of its own: the sixth call in a minute is refused with 429, another key is not', async () => {
    const busy = await createIntegrationKey(t.database.db, 'busy', ['stock']);
    const calm = await createIntegrationKey(t.database.db, 'calm', ['stock']);
    const statuses = [];
    for (let call = 0; call < 6; call += 1) statuses.push((await whoAmI(t.app, busy.token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await whoAmI(t.app, calm.token)).statusCode).toBe(200);
  });
});
