import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicMerchandiseResultsSchema } from '../../src/contract/catalogue-merchandise';
import { publicTyreResultsSchema, publicTyreSchema, tradeTyreResultsSchema } from '../../src/contract/catalogue-tyres';
import {
  publicWheelResultsSchema,
  publicWheelSchema,
  tradeWheelResultsSchema,
} from '../../src/contract/catalogue-wheels';
import { UnsupportedSchemaError, compileAnswer } from '../../src/server/http/compiled-answer';
import { answerWriterOf } from '../../src/server/modules/catalogue/answer-cache';

const SEARCH_ANSWERS = {
  'Tyre/Search': tradeTyreResultsSchema,
  'TyrePublic/Search': publicTyreResultsSchema,
  'Wheel/Search': tradeWheelResultsSchema,
  'WheelPublic/Search': publicWheelResultsSchema,
} as const;

interface Definition {
  readonly type: string;
  readonly [field: string]: unknown;
}
const definitionOf = (schema: unknown) => (schema as { _zod: { def: Definition } })._zod.def;

/** Strings with what JSON must escape: quotes, backslashes, control characters, lone surrogates, non-ASCII. */
const awkwardString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u2028', '\ud800', 'a\udc00b', '😀', 'Tyre "XL" 265/65R17\t'),
);
/** Numbers zod may accept or refuse: integers near the bounds, fractions, -0, NaN, infinities, unsafe integers. */
const anyNumber = fc.oneof(
  fc.integer({ min: -3, max: 2_000 }),
  fc.constantFrom(0, -0, 1, -1, 0.5, 1e21, 2 ** 53, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity),
  fc.double(),
);

/** Mostly valid answers of a schema, from its own definition; zod decides which are. */
function arbitraryOf(schema: unknown): fc.Arbitrary<unknown> {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case 'string':
      return awkwardString;
    case 'boolean':
      return fc.boolean();
    case 'number':
      return definition.format === 'safeint'
        ? fc.oneof({ weight: 9, arbitrary: fc.nat({ max: 5_000 }) }, { weight: 1, arbitrary: anyNumber })
        : anyNumber;
    case 'enum':
      return fc.constantFrom(...Object.values(definition.entries as Record<string, string>));
    case 'nullable':
      return fc.option(arbitraryOf(definition.innerType), { nil: null });
    case 'array':
      return fc.array(arbitraryOf(definition.element), { maxLength: 3 });
    case 'object': {
      const shape = definition.shape as Record<string, unknown>;
      return fc.record(Object.fromEntries(Object.keys(shape).map((key) => [key, arbitraryOf(shape[key])])));
    }
    default:
      throw new Error(`no arbitrary for a zod ${definition.type}`);
  }
}

/** Every object and array inside a value, with the value itself: the places a mutation may land. */
function containersOf(value: unknown, found: (Record<string, unknown> | unknown[])[] = []) {
  if (typeof value === 'object' && value !== null) {
    found.push(value as Record<string, unknown>);
    for (const inner of Object.values(value)) containersOf(inner, found);
  }
  return found;
}

const wrongValue = fc.oneof(
  fc.constantFrom(undefined, null, '', 'x', 0, -0, 1.5, -1, NaN, Infinity, true, {}, [], [1], new Date(0)),
  fc.anything(),
);
const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('extra field', 'trade field', 'wrong value', 'missing field', 'reordered keys'),
  key: fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('priceCents', 'stockQuantity', 'inventories', 'toJSON', 'constructor', 'id', 'value'),
  ),
  value: wrongValue,
});

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

/** Breaks an answer the way a wrong build could: extra or missing fields, wrong types, keys in another order. */
function mutate(answer: unknown, mutations: readonly Mutation[]): unknown {
  for (const { at, kind, key, value } of mutations) {
    const containers = containersOf(answer);
    const target = containers[at % containers.length];
    if (target === undefined) continue;
    const keys = Object.keys(target);
    const existing = keys[at % Math.max(keys.length, 1)];
    if (kind === 'extra field' && !Array.isArray(target)) target[key] = value;
    if (kind === 'trade field' && !Array.isArray(target)) target.priceCents = 12_345;
    if (kind === 'wrong value' && existing !== undefined) (target as Record<string, unknown>)[existing] = value;
    if (kind === 'missing field' && existing !== undefined && !Array.isArray(target)) delete target[existing];
    if (kind === 'reordered keys' && !Array.isArray(target)) {
      const entries = Object.entries(target).reverse();
      for (const k of keys) delete target[k];
      for (const [k, v] of entries) target[k] = v;
    }
  }
  return answer;
}

type Outcome = { readonly json: string } | { readonly error: unknown };
const outcome = (write: () => string): Outcome => {
  try {
    return { json: write() };
  } catch (error) {
    return { error };
  }
};

describe('the compiled answer writer', () => {
  for (const [route, schema] of Object.entries(SEARCH_ANSWERS)) {
    it(`writes the bytes of JSON.stringify(schema.parse(answer)) for ${route} answers, and throws zod's error where zod throws`, () => {
      const write = compileAnswer(schema);
      fc.assert(
        fc.property(arbitraryOf(schema), fc.array(mutation, { maxLength: 3 }), (valid, mutations) => {
          const answer = mutate(valid, mutations);
          const expected = outcome(() => JSON.stringify(schema.parse(answer)));
          const actual = outcome(() => write(answer as never));
          if ('json' in expected) expect(actual).toEqual(expected);
          else {
            expect(actual).toHaveProperty('error');
            expect((actual as { error: unknown }).error).toBeInstanceOf(z.ZodError);
            expect((actual as { error: z.ZodError }).error.issues).toEqual((expected.error as z.ZodError).issues);
          }
        }),
        { numRuns: 400 },
      );
    });
  }

  it('leaves price and stock out of a public answer, as zod strips them', () => {
    const tyre = fc.sample(arbitraryOf(publicTyreSchema), { numRuns: 1, seed: 7 })[0] as Record<string, unknown>;
    const leaky = {
      ...tyre,
      id: 1,
      width: 265,
      profile: 65,
      diameter: 17,
      priceCents: 12_345,
      stockQuantity: 4,
      inventories: [],
    };
    const json = compileAnswer(publicTyreSchema)(leaky as never);
    expect(json).toBe(JSON.stringify(publicTyreSchema.parse(leaky)));
    expect(json).not.toMatch(/priceCents|stockQuantity|inventories/);
  });

  it('compiles every tyre and wheel search answer, so none falls back to zod', () => {
    for (const schema of [...Object.values(SEARCH_ANSWERS), publicTyreSchema, publicWheelSchema])
      expect(() => compileAnswer(schema)).not.toThrow();
  });

  it('leaves a schema it does not compile (the merchandise answers) to zod, which still checks and strips', () => {
    expect(() => compileAnswer(publicMerchandiseResultsSchema)).toThrow(UnsupportedSchemaError);
    const write = answerWriterOf(publicMerchandiseResultsSchema);
    const answer = {
      items: [],
      totalCount: 0,
      page: 1,
      pageSize: 24,
      totalPages: 0,
      facets: { subcategories: [], brands: [] },
      priceCents: 1,
    };
    expect(write(answer)).toBe(JSON.stringify(publicMerchandiseResultsSchema.parse(answer)));
    expect(write(answer)).not.toContain('priceCents');
    expect(() => write({ ...answer, page: 0 })).toThrow(z.ZodError);
  });

  it('refuses at compile time a zod feature it would not check', () => {
    const unsupported: z.ZodType[] = [
      z.object({ name: z.string().min(1) }),
      z.object({ name: z.string().optional() }),
      z.object({ page: z.int().default(1) }),
      z.strictObject({ id: z.int() }),
      z.looseObject({ id: z.int() }),
      z.object({ id: z.int().refine((id) => id !== 13) }),
      z.object({ step: z.number().multipleOf(5) }),
      z.object({ items: z.array(z.string()).max(3) }),
      z.object({ name: z.string().transform((name) => name.trim()) }),
      z.object({ kind: z.union([z.literal('a'), z.literal('b')]) }),
      z.object({ at: z.date() }),
      z.object({ ratio: z.float32() }),
    ];
    for (const schema of unsupported)
      expect(() => compileAnswer(schema), JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' }))).toThrow(
        UnsupportedSchemaError,
      );
  });
});
