import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDefinition } from '../../src/contract/route';
import { type RouteName, routes } from '../../src/contract/routes';
import { BAD_CHARACTER, REPEATED_FIELD, UNKNOWN_FIELD, readRequestPart } from '../../src/server/http/request-edge';
import { pascalCaseKeys, queryText, sampleOf } from '../support/contract-samples';

type Part = 'query' | 'body';
const PART_NAME: Record<Part, string> = { query: 'querystring', body: 'body' };

/** Every (route, part) of the table with a schema, and the part's valid sample as the client sends it. */
const parts = (Object.keys(routes) as RouteName[]).flatMap((name) => {
  const route: RouteDefinition = routes[name];
  return (['query', 'body'] as const).flatMap((part) => {
    const schema = route[part];
    if (!schema) return [];
    const sample = part === 'query' ? queryText(sampleOf(schema)) : sampleOf(schema);
    return [{ label: `${name} ${part}`, part, schema, sample }];
  });
});

/** The dotted path of every object (as a path list) and every string leaf of a sample. */
function pathsOf(
  value: unknown,
  path: (string | number)[] = [],
): { objects: (string | number)[][]; strings: (string | number)[][] } {
  if (typeof value === 'string') return { objects: [], strings: [path] };
  if (Array.isArray(value)) {
    const inner = value.map((item, index) => pathsOf(item, [...path, index]));
    return { objects: inner.flatMap((i) => i.objects), strings: inner.flatMap((i) => i.strings) };
  }
  if (typeof value === 'object' && value !== null) {
    const inner = Object.entries(value).map(([key, item]) => pathsOf(item, [...path, key]));
    return { objects: [path, ...inner.flatMap((i) => i.objects)], strings: inner.flatMap((i) => i.strings) };
  }
  return { objects: [], strings: [] };
}

function withAt(value: unknown, path: readonly (string | number)[], change: (at: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withAt(copy[head], rest, change);
  return copy;
}

describe('the contract edge reads every request field whatever its case, and refuses what it cannot read', () => {
  it('generates a valid sample for every request schema of the route table', () => {
    expect(parts.length).toBeGreaterThan(50);
    for (const { label, schema, sample } of parts) expect(schema.safeParse(sample).success, label).toBe(true);
  });

  it.each(parts)('$label: PascalCase keys read exactly as camelCase ones', ({ part, schema, sample }) => {
    const camel = readRequestPart(schema, sample, PART_NAME[part]);
    const pascal = readRequestPart(schema, pascalCaseKeys(sample), PART_NAME[part]);
    expect(camel.validationErrors).toEqual([]);
    expect(pascal.validationErrors).toEqual([]);
    expect(schema.parse(pascal.value)).toEqual(schema.parse(camel.value));
  });

  it.each(parts)('$label: an unknown key at any depth is named', ({ part, schema, sample }) => {
    for (const path of pathsOf(sample).objects) {
      const read = readRequestPart(
        schema,
        withAt(sample, path, (at) => ({ ...(at as object), notAField: 'x' })),
        PART_NAME[part],
      );
      expect(read.validationErrors).toEqual([{ name: [...path, 'notAField'].join('.'), reason: UNKNOWN_FIELD }]);
    }
  });

  it.each(parts)('$label: a NUL or an unpaired surrogate in any string is named', ({ part, schema, sample }) => {
    const strings = pathsOf(sample).strings;
    for (const bad of ['a\u0000b', 'a\uD800', '\uDC00b']) {
      for (const path of strings) {
        const read = readRequestPart(
          schema,
          withAt(sample, path, () => bad),
          PART_NAME[part],
        );
        expect(read.validationErrors).toEqual([
          { name: path.length === 0 ? PART_NAME[part] : path.join('.'), reason: BAD_CHARACTER },
        ]);
      }
    }
  });

  it('keeps a surrogate pair (an emoji) and reads text without a schema-defined key as unknown', () => {
    const schema = z.object({ note: z.string() });
    expect(readRequestPart(schema, { Note: 'tyres 🛞' }, 'body')).toEqual({
      value: { note: 'tyres 🛞' },
      validationErrors: [],
    });
    expect(readRequestPart(undefined, { id: '1' }, 'querystring').validationErrors).toEqual([
      { name: 'id', reason: UNKNOWN_FIELD },
    ]);
    expect(readRequestPart(undefined, {}, 'body').validationErrors).toEqual([]);
  });

  it("reads SPEC.md §3's second spelling refresherToken as refreshToken", () => {
    const schema = routes.tokenRefresh.body;
    expect(readRequestPart(schema, { token: 't', refresherToken: 'r' }, 'body')).toEqual({
      value: { token: 't', refreshToken: 'r' },
      validationErrors: [],
    });
    expect(readRequestPart(schema, { RefresherToken: 'r' }, 'body').value).toEqual({ refreshToken: 'r' });
  });

  it('refuses one field given twice under two spellings', () => {
    const schema = routes.checkoutComplete.body;
    const read = readRequestPart(
      schema,
      { stockNumber: 'A', StockNumber: 'B', paymentMethod: 'Payments.TradingAccount' },
      'body',
    );
    expect(read.validationErrors).toEqual([{ name: 'stockNumber', reason: REPEATED_FIELD }]);
  });

  it('matches the options of a union by their own fields', () => {
    const schema = routes.dealerPromotion.body;
    const read = readRequestPart(
      schema,
      { Program: 'PitPass', Action: 'Redeem', Reward: 'x', Quantity: 1, ContactName: 'A', ContactEmail: 'a@b.test' },
      'body',
    );
    expect(read.validationErrors).toEqual([]);
    expect(read.value).toMatchObject({ program: 'PitPass', action: 'Redeem', reward: 'x', contactEmail: 'a@b.test' });
  });
});

describe('keys named like built-in object members', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('reads %s as an unknown key', (key) => {
    const schema = z.object({ brand: z.string() });
    const value = JSON.parse(`{"brand":"x","${key}":"y"}`) as unknown;
    expect(readRequestPart(schema, value, 'querystring')).toEqual({
      value: { brand: 'x' },
      validationErrors: [{ name: key, reason: UNKNOWN_FIELD }],
    });
  });
});
