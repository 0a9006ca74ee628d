import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, problemSchema } from '../../src/contract/problem';
import type { RouteDefinition } from '../../src/contract/route';
import { API_PREFIX, type RouteName, routes } from '../../src/contract/routes';
import { sampleRequest } from '../support/contract-samples';
import { signIn } from '../support/fixtures';
import { type RoleName, sessionHeaders, sessionsForEveryRole, signInStaff } from '../support/roles';
import { CALLER, queryStringOf } from '../support/route-requests';
import { type TestApp, createTestApp } from '../support/test-app';

/**
 * Hostile input on every route of the table: the names JavaScript objects inherit ('constructor', '__proto__',
 * 'prototype') in every string and key position, integers past PostgreSQL's int4 in every id, and values nested up to
 * 100,000 deep. Every single change is tried once (fast-check's examples); random runs then combine a few.
 */
const HOSTILE_WORDS = ['constructor', '__proto__', 'prototype'] as const;
const PAST_INT4 = [2 ** 31, 2 ** 31 + 1, 2 ** 53 - 1] as const;
const DEEPEST = 100_000;
const RANDOM_RUNS_PER_ROUTE = 4;
/** The server's body limit, 1 MiB. */
const BODY_LIMIT_BYTES = 1_048_576;

type Part = 'query' | 'body';
type Path = readonly (string | number)[];
type Mutation =
  | { readonly kind: 'string'; readonly part: Part; readonly path: Path; readonly word: string }
  | { readonly kind: 'key'; readonly part: Part; readonly path: Path; readonly word: string }
  | { readonly kind: 'id'; readonly part: Part; readonly path: Path; readonly value: number }
  | { readonly kind: 'nest'; readonly path: Path; readonly depth: number };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isIdKey = (key: string | number | undefined) => typeof key === 'string' && /ids?$/i.test(key);

/** Sets an own property, so that '__proto__' is a key like any other rather than the object's prototype. */
function setOwn(target: Record<string, unknown> | unknown[], key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Every position of a sample where a mutation applies. */
function positionsOf(part: Part, value: unknown, at: Path = []): Mutation[] {
  const key = at.at(-1);
  const parentKey = typeof key === 'number' ? at.at(-2) : key;
  if (typeof value === 'string') {
    return [
      ...HOSTILE_WORDS.map((word) => ({ kind: 'string' as const, part, path: at, word })),
      ...(isIdKey(parentKey) ? PAST_INT4.map((id) => ({ kind: 'id' as const, part, path: at, value: id })) : []),
      ...(part === 'body' ? [{ kind: 'nest' as const, path: at, depth: DEEPEST }] : []),
    ];
  }
  if (typeof value === 'number') {
    return [
      ...(isIdKey(parentKey) ? PAST_INT4.map((id) => ({ kind: 'id' as const, part, path: at, value: id })) : []),
      ...(part === 'body' ? [{ kind: 'nest' as const, path: at, depth: DEEPEST }] : []),
    ];
  }
  if (Array.isArray(value)) {
    return [
      ...(part === 'body' ? [{ kind: 'nest' as const, path: at, depth: DEEPEST }] : []),
      ...value.flatMap((item, index) => positionsOf(part, item, [...at, index])),
    ];
  }
  if (isObject(value)) {
    return [
      ...HOSTILE_WORDS.map((word) => ({ kind: 'key' as const, part, path: at, word })),
      ...(part === 'body' && at.length > 0 ? [{ kind: 'nest' as const, path: at, depth: DEEPEST }] : []),
      ...Object.entries(value).flatMap(([name, item]) => positionsOf(part, item, [...at, name])),
    ];
  }
  return part === 'body' ? [{ kind: 'nest', path: at, depth: DEEPEST }] : [];
}

/** A key no field has, a nesting past 32 levels and an id past the database's range are bad input wherever they are. */
const isBadInput = (mutation: Mutation) =>
  mutation.kind === 'key' || mutation.kind === 'id' || (mutation.kind === 'nest' && mutation.depth > 32);

const partOf = (mutation: Mutation): Part => (mutation.kind === 'nest' ? 'body' : mutation.part);
const isPrefix = (shorter: Path, longer: Path) =>
  shorter.length <= longer.length && shorter.every((step, index) => longer[index] === step);
/** Whether each mutation changes a place of its own, so none undoes another. */
const apart = (mutations: readonly Mutation[]) =>
  mutations.every((one, index) =>
    mutations
      .slice(index + 1)
      .every(
        (other) =>
          partOf(one) !== partOf(other) || (!isPrefix(one.path, other.path) && !isPrefix(other.path, one.path)),
      ),
  );

const NEST_MARK = '\u0001nested\u0001';

/** `depth` levels of arrays and objects, written as text: JSON.stringify itself recurses and cannot write them. */
function nestedText(depth: number): string {
  const opening: string[] = [];
  const closing: string[] = [];
  for (let level = 0; level < depth; level += 1) {
    const isArray = level % 2 === 0;
    opening.push(isArray ? '[' : '{"nested":');
    closing.push(isArray ? ']' : '}');
  }
  return `${opening.join('')}"constructor"${closing.reverse().join('')}`;
}

/** The value with `change` applied at `at`; unchanged when an earlier mutation replaced what `at` led through. */
function applyAt(root: unknown, at: Path, change: (value: unknown) => unknown): unknown {
  if (at.length === 0) return change(root);
  if (typeof root !== 'object' || root === null) return root;
  const [head, ...rest] = at as [string | number, ...Path];
  const container = root as Record<string, unknown>;
  setOwn(container, head, applyAt(container[head], rest, change));
  return root;
}

function mutated(
  input: { query?: Record<string, string | string[]>; body?: unknown },
  mutations: readonly Mutation[],
): { query?: Record<string, string | readonly string[]>; bodyText: string } {
  let query: unknown = structuredClone(input.query ?? {});
  let body: unknown = structuredClone(input.body ?? {});
  const depths: number[] = [];
  for (const mutation of mutations) {
    const part = partOf(mutation);
    const change = (value: unknown): unknown => {
      switch (mutation.kind) {
        case 'string':
          return mutation.word;
        case 'id':
          return part === 'query' ? String(mutation.value) : mutation.value;
        case 'key':
          if (isObject(value)) setOwn(value, mutation.word, mutation.word);
          return value;
        case 'nest':
          depths.push(mutation.depth);
          return NEST_MARK;
      }
    };
    if (part === 'query') query = applyAt(query, mutation.path, change);
    else body = applyAt(body, mutation.path, change);
  }
  let bodyText = JSON.stringify(body);
  for (const depth of depths) bodyText = bodyText.replace(JSON.stringify(NEST_MARK), nestedText(depth));
  return { query: query as Record<string, string | string[]> | undefined, bodyText };
}

const MAIN_READS: readonly { method: 'GET' | 'POST'; path: string; payload?: object }[] = [
  { method: 'GET', path: 'Account/Details' },
  { method: 'POST', path: 'Tyre/Search', payload: {} },
  { method: 'GET', path: 'Cart/Get' },
  { method: 'GET', path: 'Order/History' },
  { method: 'GET', path: 'Checkout/Get' },
];

describe('hostile JSON on every route', () => {
  let t: TestApp;
  let dataDir: string;
  let headers: Record<RoleName, Record<string, string>>;
  let customerEmail: string;
  let staffEmail: string;

  /** A live session for the route's caller: the hostile calls include signing out, which ends the one before. */
  async function freshHeaders(role: RoleName): Promise<Record<string, string>> {
    if (role === 'customer') return sessionHeaders(await signIn(t.app, customerEmail));
    if (role === 'staff') return sessionHeaders(await signInStaff(t.app, staffEmail));
    return headers[role];
  }

  let reader: Record<string, string> | null = null;
  /**
   * The signed-in account's main reads that do not answer 200, read with a session of their own (signed in again
   * when a hostile call signed the account out everywhere).
   */
  async function brokenMainReads(): Promise<string[]> {
    const broken: string[] = [];
    for (const read of MAIN_READS) {
      const send = (session: Record<string, string>) =>
        t.app.inject({
          method: read.method,
          url: `${API_PREFIX}/${read.path}`,
          headers: session,
          ...(read.payload ? { payload: read.payload } : {}),
        });
      reader ??= await freshHeaders('customer');
      let response = await send(reader);
      if (response.statusCode === 401) {
        reader = await freshHeaders('customer');
        response = await send(reader);
      }
      if (response.statusCode !== 200) broken.push(`${read.path}: ${response.statusCode} ${response.body}`);
    }
    return broken;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-hostile-json-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_ADDRESS: '1000000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000' },
    });
    const sessions = await sessionsForEveryRole(t.app, t.database.db);
    headers = sessions.headers;
    customerEmail = sessions.customer.email;
    staffEmail = sessions.staffUser.email;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const names = Object.keys(routes) as RouteName[];

  it.each(names)(
    '%s answers every hostile change with a problem, never 5xx',
    async (name) => {
      const route: RouteDefinition = routes[name];
      const sample = sampleRequest(route);
      const positions = [
        ...positionsOf('query', sample.query ?? {}),
        ...(route.method === 'POST' ? positionsOf('body', sample.body ?? {}) : []),
      ];
      const caller = await freshHeaders(CALLER[route.access]);
      const randomChange = fc
        .constantFrom(...positions)
        .chain((mutation) =>
          mutation.kind === 'nest'
            ? fc.integer({ min: 1, max: DEEPEST }).map((depth): Mutation => ({ ...mutation, depth }))
            : fc.constant(mutation),
        );
      await fc.assert(
        fc.asyncProperty(fc.array(randomChange, { minLength: 1, maxLength: 3 }).filter(apart), async (mutations) => {
          const request = mutated(sample, mutations);
          const isPost = route.method === 'POST';
          const response = await t.app.inject({
            method: route.method,
            url: `${API_PREFIX}/${route.path}${queryStringOf(request.query)}`,
            headers: { ...caller, ...(isPost ? { 'content-type': 'application/json' } : {}) },
            ...(isPost ? { payload: request.bodyText } : {}),
          });
          const story = `${JSON.stringify(mutations)}: ${response.body}`;
          // Bad input answers 400 (unless two deep nestings together pass the body limit first).
          if (mutations.some(isBadInput)) {
            expect(response.statusCode, story).toBe(Buffer.byteLength(request.bodyText) > BODY_LIMIT_BYTES ? 413 : 400);
          } else {
            expect(response.statusCode, story).toBeLessThan(500);
          }
          if (response.statusCode >= 400) {
            expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
            expect(problemSchema.safeParse(response.json()).success).toBe(true);
          }
          // Whatever a call that was not refused as bad input stored, the account's main reads still answer.
          if (response.statusCode !== 400 && response.statusCode !== 413) {
            expect(await brokenMainReads(), story).toEqual([]);
          }
        }),
        { numRuns: positions.length + RANDOM_RUNS_PER_ROUTE, examples: positions.map((mutation) => [[mutation]]) },
      );
    },
    120_000,
  );

  it("stores nothing that breaks the signed-in account's main reads afterwards", async () => {
    expect(await brokenMainReads()).toEqual([]);
  });
});
