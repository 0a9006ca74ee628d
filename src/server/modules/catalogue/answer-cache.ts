import type { z } from 'zod';
import { type AnswerWriter, UnsupportedSchemaError, compileAnswer } from '../../http/compiled-answer';
import type { HandlerContext } from '../../http/handler';
import type { CatalogueSnapshot } from './catalogue-snapshot';

const writers = new WeakMap<z.ZodType, AnswerWriter<z.ZodType>>();

/**
 * The contract schema's compiled check and JSON writer, compiled once per schema (compiled-answer.ts). A schema with
 * a zod feature the compiler does not check (the merchandise answers' spec records) keeps zod's own check: slower,
 * never laxer. tests/unit/compiled-answer.test.ts pins the tyre and wheel answers to the compiled path.
 */
export function answerWriterOf<S extends z.ZodType>(schema: S): AnswerWriter<S> {
  let writer = writers.get(schema);
  if (!writer) {
    writer = compiledOrZod(schema);
    writers.set(schema, writer);
  }
  return writer;
}

function compiledOrZod<S extends z.ZodType>(schema: S): AnswerWriter<S> {
  try {
    return compileAnswer(schema);
  } catch (error) {
    if (!(error instanceof UnsupportedSchemaError)) throw error;
    return (answer) => JSON.stringify(schema.parse(answer));
  }
}

/**
 * A search answer as JSON, remembered per snapshot: the same search for the same kind of account (price display,
 * price key, home state) answers the same bytes until stock or the catalogue changes. The answer is checked against
 * its contract schema when it is built, by the schema's compiled writer: the bytes of `JSON.stringify(schema.parse
 * (answer))` (unknown fields are left out, so a public answer still cannot carry price or stock) at a fraction of
 * zod's cost, serialised once instead of on every request (docs/performance.md).
 */
export function cachedAnswer<S extends z.ZodType>(
  snapshot: CatalogueSnapshot,
  key: string | null,
  schema: S,
  build: () => z.input<S>,
): string {
  const cache = snapshot.answerCache;
  const cached = key === null ? undefined : cache.get(key);
  if (cached !== undefined) return cached;
  const json = answerWriterOf(schema)(build());
  if (key !== null) cache.set(key, json);
  return json;
}

/**
 * Hands Fastify an already checked and serialised answer: a string with a JSON content type is sent as it is.
 * The handler's declared type is the contract's response, which the string encodes.
 */
export function sendAnswer<R>(context: HandlerContext, json: string): R {
  context.reply.type('application/json; charset=utf-8');
  return json as unknown as R;
}
