import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { TOO_MANY_ATTEMPTS } from '../../src/server/modules/auth/auth-rate-limits';
import { FIXTURE_PASSWORD, createCustomer } from '../support/fixtures';
import { type TestApp, api, createTestApp, testConfig } from '../support/test-app';
import { countingInRedis } from '../support/redis-counting';

/** The Redis server beside PostgreSQL on this machine and in CI (DESIGN.md §3: the shared rate-limit store). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const env = { REDIS_URL, AUTH_RATE_LIMIT_PER_ADDRESS: '4', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' };

describe('sign-in limits shared by every instance through Redis', () => {
  let t: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp({ env });
    second = await buildApp(testConfig(env), { database: t.database, now: () => t.clock.now });
    await second.ready();
    await countingInRedis(t.app, second);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  // Redis outlives the test: an address of this run's own keeps earlier runs' counts out of it.
  const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const login = (app: FastifyInstance, email: string, password: string, from: string) =>
    app.inject({ method: 'POST', url: api('Authenticate/Login'), remoteAddress: from, payload: { email, password } });

  it('counts an account’s attempts from an address on one instance against the other', async () => {
    const customer = await createCustomer(t.database.db);
    const from = address();
    const statuses = [
      (await login(t.app, customer.email, 'wrong', from)).statusCode,
      (await login(second, customer.email, 'wrong', from)).statusCode,
      (await login(t.app, customer.email, 'wrong', from)).statusCode,
    ];
    expect(statuses).toEqual([400, 400, 400]);
    const blocked = await login(second, customer.email, FIXTURE_PASSWORD, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ detail: TOO_MANY_ATTEMPTS });
  });

  it('counts an address’s attempts across instances and accounts', async () => {
    const from = address();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const instance = attempt % 2 === 0 ? t.app : second;
      expect((await login(instance, `nobody-${attempt}-${from}@fixture.test`, 'wrong', from)).statusCode).toBe(400);
    }
    const customer = await createCustomer(t.database.db);
    expect((await login(t.app, customer.email, FIXTURE_PASSWORD, from)).statusCode).toBe(429);
    expect((await login(second, customer.email, FIXTURE_PASSWORD, address())).statusCode).toBe(200);
  });
});
