import type { LightMyRequestResponse } from 'fastify';
import type { Problem } from '../../src/contract/problem';
import { bearer, createStaff } from './fixtures';
import { signInStaff } from './roles';
import { type TestApp, api, createTestApp } from './test-app';

/** The app at a fixed instant with a signed-in content member and administrator, for the content pages' API tests. */
export interface ContentStaffApp {
  readonly t: TestApp;
  readonly content: Record<string, string>;
  readonly contentEmail: string;
  readonly admin: Record<string, string>;
  readonly get: (path: string, headers: Record<string, string>) => Promise<LightMyRequestResponse>;
  readonly post: (path: string, payload: object, headers: Record<string, string>) => Promise<LightMyRequestResponse>;
}

/** Generous sign-in limits: each test file signs several members in from one address. */
export async function startContentStaffApp(now: Date, env: Record<string, string> = {}): Promise<ContentStaffApp> {
  const t = await createTestApp({
    now,
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000', ...env },
  });
  const member = await createStaff(t.database.db, 'content');
  return {
    t,
    content: bearer(await signInStaff(t.app, member.email)),
    contentEmail: member.email,
    admin: bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'administrator')).email)),
    get: (path, headers) => t.app.inject({ method: 'GET', url: api(path), headers }),
    post: (path, payload, headers) => t.app.inject({ method: 'POST', url: api(path), payload, headers }),
  };
}

/** The fields a 400 names, in the order given. */
export const fieldNames = (body: string) =>
  ((JSON.parse(body) as Problem).validationErrors ?? []).map((error) => error.name);
