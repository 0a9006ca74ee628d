import type { z } from 'zod';
import type { HandlerContext } from '../../http/handler';
import type { CatalogueSnapshot } from './catalogue-snapshot';

/**
 * A search answer as JSON, remembered per snapshot: the same search for the same kind of account (price display,
 * price key, home state) answers the same bytes until stock or the catalogue changes. The answer is checked against
 * its contract schema when it is built (unknown fields are stripped there, so a public answer still cannot carry
 * price or stock), then serialised once instead of on every request (docs/performance.md).
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
  const json = JSON.stringify(schema.parse(build()));
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
