import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_PREFIX } from '../../src/contract/routes';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { type TestDatabase, createTestDatabase } from './test-database';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  /** The clock the app reads; tests set it. */
  readonly clock: { now: Date };
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}) {
  return readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'yhi-test-data'),
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'yhi-no-web-build'),
    // No job on a wall-clock timer: tests release lapsed reservations themselves, with their clock.
    PAYMENT_RESERVATION_SWEEP_SECONDS: '0',
    DELIVERY_POLL_MILLISECONDS: '0',
    // Demo data is off in tests, which would switch the sandbox card page off too; tests of card payments use it.
    PAYMENT_SANDBOX: 'true',
    // Tests submit many forms and codes from one address; tests/api/security-*.test.ts set the limits they check.
    FORM_RATE_LIMIT_PER_ADDRESS: '100000',
    FORM_RATE_LIMIT_PER_RECIPIENT: '100000',
    DISCOUNT_CODE_FAILURES_PER_ACCOUNT: '100000',
    DISCOUNT_CODE_FAILURES_PER_ADDRESS: '100000',
    ...overrides,
  });
}

/** The real app on a fresh database of its own. */
export async function createTestApp(options: { env?: Record<string, string>; now?: Date } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = { now: options.now ?? new Date() };
  const app = await buildApp(testConfig(options.env), { database, now: () => clock.now });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

export function api(path: string): string {
  return `${API_PREFIX}/${path}`;
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
