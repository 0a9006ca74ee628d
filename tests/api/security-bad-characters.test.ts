import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/contract/problem';
import type { RouteDefinition } from '../../src/contract/route';
import { type RouteName, routes } from '../../src/contract/routes';
import type { Database } from '../../src/server/db/client';
import { BAD_CHARACTER } from '../../src/server/http/request-edge';
import { sampleRequest } from '../support/contract-samples';
import { sentMail } from '../support/outbox';
import { type RoleName, sessionsForEveryRole } from '../support/roles';
import { CALLER, callRoute } from '../support/route-requests';
import { type TestApp, createTestApp } from '../support/test-app';

/** PostgreSQL refuses both in text; a lone surrogate cannot even be written as UTF-8. */
const BAD_TEXTS = { nul: 'Sam\u0000ple', loneSurrogate: 'Sam\uD800ple' } as const;

type Path = (string | number)[];

/** The path of every string in a sample, at any depth. */
function stringPaths(value: unknown, at: Path = []): Path[] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  return [];
}

function replaced(value: unknown, at: Path, text: string): unknown {
  if (at.length === 0) return text;
  const [head, ...rest] = at as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, text);
  return copy;
}

/** Rows per table of the public schema: what a refused request must leave as it was. */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as {
      rows: { n: number }[];
    };
    counts[table] = Number(result.rows[0]?.n);
  }
  return counts;
}

describe('a NUL or an unpaired surrogate in any string of any route is refused at the contract edge', () => {
  let t: TestApp;
  let dataDir: string;
  let headers: Record<RoleName, Record<string, string>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-bad-characters-'));
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

  it.each(names)(
    '%s answers 400 naming the field, for every string of its body and query; nothing mailed or stored',
    async (name) => {
      const before = await rowCounts(t.database.db);
      const route: RouteDefinition = routes[name];
      const caller = headers[CALLER[route.access]];
      const sample = sampleRequest(route);
      const refused = async (input: Parameters<typeof callRoute>[3], field: string) => {
        const response = await callRoute(t.app, route, caller, input);
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        expect((response.json() as Problem).validationErrors, field).toContainEqual({
          name: field,
          reason: BAD_CHARACTER,
        });
      };

      for (const at of stringPaths(sample.body)) {
        for (const text of Object.values(BAD_TEXTS))
          await refused({ ...sample, body: replaced(sample.body, at, text) }, at.join('.'));
      }
      for (const at of stringPaths(sample.query)) {
        const query = replaced(sample.query, at, BAD_TEXTS.nul) as Record<string, string | string[]>;
        await refused({ ...sample, query }, String(at[0]));
        // A surrogate cannot be sent as UTF-8 at all: its three bytes arrive as text the server reads as written.
        const surrogate = await callRoute(t.app, route, caller, {
          ...sample,
          query: replaced(sample.query, at, BAD_TEXTS.loneSurrogate) as Record<string, string | string[]>,
        });
        expect(surrogate.statusCode, surrogate.body).toBeLessThan(500);
      }
      if (route.method === 'POST' && route.body === undefined)
        await refused({ body: { [BAD_TEXTS.nul]: BAD_TEXTS.loneSurrogate } }, BAD_TEXTS.nul);

      expect(await sentMail(t.app, dataDir)).toEqual([]);
      expect(await rowCounts(t.database.db)).toEqual(before);
    },
  );
});
