import type { z } from 'zod';
import {
  type AnswerBytesWriter,
  type AnswerWriter,
  UnsupportedSchemaError,
  compileAnswerBytes,
} from '../../http/compiled-answer';
import type { HandlerContext } from '../../http/handler';
import type { CatalogueSnapshot } from './catalogue-snapshot';

const writers = new WeakMap<z.ZodType, AnswerBytesWriter<z.ZodType>>();

/**
 * The contract schema's compiled check and JSON writer, compiled once per schema (compiled-answer.ts), writing UTF-8
 * bytes. A schema with a zod feature the compiler does not check (the merchandise answers' spec records) keeps zod's
 * own check: slower, never laxer. tests/unit/compiled-answer.test.ts pins the tyre and wheel answers to the compiled
 * path.
 */
export function answerBytesWriterOf<S extends z.ZodType>(schema: S): AnswerBytesWriter<S> {
  let writer = writers.get(schema);
  if (!writer) {
    writer = compiledOrZod(schema);
    writers.set(schema, writer);
  }
  return writer;
}

/** The same writer's answer as text. */
export function answerWriterOf<S extends z.ZodType>(schema: S): AnswerWriter<S> {
  const bytes = answerBytesWriterOf(schema);
  return (answer) => bytes(answer).toString('utf8');
}

function compiledOrZod<S extends z.ZodType>(schema: S): AnswerBytesWriter<S> {
  try {
    return compileAnswerBytes(schema);
  } catch (error) {
    if (!(error instanceof UnsupportedSchemaError)) throw error;
    return (answer) => Buffer.from(JSON.stringify(schema.parse(answer)));
  }
}

/**
 * A search answer as JSON bytes, remembered per snapshot: the same search for the same kind of account (price display,
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
): Buffer {
  const cache = snapshot.answerCache;
  const cached = key === null ? undefined : cache.get(key);
  if (cached !== undefined) return cached;
  const json = answerBytesWriterOf(schema)(build());
  if (key !== null) cache.set(key, json);
  return json;
}

/**
 * Hands Fastify an already checked and serialised answer: a buffer with a JSON content type is sent as it is.
 * The handler's declared type is the contract's response, which the bytes encode.
 */
export function sendAnswer<R>(context: HandlerContext, json: Buffer): R {
  context.reply.type('application/json; charset=utf-8');
  return json as unknown as R;
}
