import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UnsupportedSchemaError, compileAnswerBytes } from '../../src/server/http/compiled-answer';
import { JsonSink } from '../../src/server/http/json-bytes';

const utf8 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

describe('JSON written as UTF-8 bytes', () => {
  it('writes strings as JSON.stringify does, escapes and every plane of Unicode included', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme' }),
          fc.constantFrom('"', '\\', '\u0000', '\ud800', 'é', '€', '😀'),
        ),
        (text) => {
          const sink = new JsonSink();
          expect(sink.take(sink.string(0, text))).toEqual(utf8(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes finite numbers as JSON.stringify does', () => {
    const numbers = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -0, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 0.1, 1e21, Number.MAX_SAFE_INTEGER),
    );
    fc.assert(
      fc.property(numbers, (value) => {
        const sink = new JsonSink();
        expect(sink.take(sink.number(0, value)).toString('utf8')).toBe(JSON.stringify(value));
      }),
      { numRuns: 500 },
    );
  });

  it('grows past its first buffer, and an answer taken is its own copy', () => {
    const sink = new JsonSink();
    const first = sink.out;
    const long = 'ü'.repeat(50_000);
    const at = sink.string(sink.string(0, long), long);
    expect(sink.out).not.toBe(first);
    const answer = sink.take(at);
    expect(answer.toString('utf8')).toBe(JSON.stringify(long) + JSON.stringify(long));
    sink.string(0, 'x'.repeat(1_000));
    expect(answer.toString('utf8')).toBe(JSON.stringify(long) + JSON.stringify(long));
  });

  it('lets a compiled writer write answers of any size, one after another', () => {
    const schema = z.object({
      items: z.array(z.object({ name: z.string(), count: z.int().check(z.gte(0)), tags: z.array(z.string()) })),
    });
    const write = compileAnswerBytes(schema);
    const item = fc.record({
      name: fc.string({ unit: 'binary', maxLength: 400 }),
      count: fc.nat(),
      tags: fc.array(fc.string(), { maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 600 }), (items) => {
        expect(write({ items })).toEqual(utf8(schema.parse({ items })));
      }),
      { numRuns: 40 },
    );
  });

  it('refuses at compile time a key it could not write as it is', () => {
    for (const key of ['prix€', 'say "hi"', 'tab\there'])
      expect(() => compileAnswerBytes(z.object({ [key]: z.string() }))).toThrow(UnsupportedSchemaError);
  });
});
