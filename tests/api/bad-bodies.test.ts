import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, problemSchema } from '../../src/contract/problem';
import type { RouteDefinition } from '../../src/contract/route';
import { API_PREFIX, type RouteName, routes } from '../../src/contract/routes';
import { type RoleName, sessionsForEveryRole } from '../support/roles';
import { CALLER } from '../support/route-requests';
import { type TestApp, createTestApp } from '../support/test-app';

const RUNS_PER_ROUTE = 25;

const queryValue = fc.oneof(fc.string(), fc.integer().map(String), fc.constant(''), fc.constant('%00'), fc.uuid());
const badQuery = fc.dictionary(
  fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom('id', 'page', 'Token', 'Email', 'Guid')),
  queryValue,
  { maxKeys: 4 },
);
const badBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      email: fc.oneof(fc.string(), fc.emailAddress(), fc.integer(), fc.constant(null)),
      password: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      token: fc.oneof(fc.string(), fc.constant(null)),
      refreshToken: fc.oneof(fc.string(), fc.integer()),
      page: fc.oneof(fc.integer(), fc.double(), fc.string()),
      pageSize: fc.oneof(fc.integer(), fc.string()),
      search: fc.oneof(fc.string(), fc.integer()),
      accountId: fc.oneof(fc.integer(), fc.double(), fc.string()),
    },
    { requiredKeys: [] },
  ),
);
const rawText = fc.oneof(fc.string(), fc.constant('{"a":'), fc.constant('null'), fc.constant('[]'));

describe('bad input never answers 5xx', () => {
  let t: TestApp;
  let dataDir: string;
  let headers: Record<RoleName, Record<string, string>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-bad-bodies-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_ADDRESS: '1000000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000' },
    });
    ({ headers } = await sessionsForEveryRole(t.app, t.database.db));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const names = Object.keys(routes) as RouteName[];

  it.each(names)('%s answers bad bodies and queries with a problem, never 5xx', async (name) => {
    const route: RouteDefinition = routes[name];
    await fc.assert(
      fc.asyncProperty(
        badQuery,
        fc.oneof(
          badBody.map((b) => JSON.stringify(b)),
          rawText,
        ),
        async (query, body) => {
          const search = new URLSearchParams(query).toString();
          const response = await t.app.inject({
            method: route.method,
            url: `${API_PREFIX}/${route.path}${search ? `?${search}` : ''}`,
            headers: {
              ...headers[CALLER[route.access]],
              ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
            },
            ...(route.method === 'POST' ? { payload: body } : {}),
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
            expect(problemSchema.safeParse(response.json()).success).toBe(true);
          }
        },
      ),
      { numRuns: RUNS_PER_ROUTE },
    );
  });
});
