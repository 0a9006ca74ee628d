import type { FastifyInstance } from 'fastify';
import { problems } from './problem';

/**
 * How deep a JSON body may nest. The deepest request of the contract nests a few levels; a body nested thousands deep
 * parses, but every walk over it afterwards (the request edge, zod) recurses once per level and runs out of stack,
 * so it is refused before it is parsed.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `Nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`;

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether `text` opens more than `limit` arrays and objects inside one another; one pass, no recursion. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies: refused with 400 when they nest deeper than MAX_JSON_DEPTH, otherwise read by Fastify's own parser
 * (which refuses `__proto__` and `constructor.prototype` keys).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(problems.badRequest('The request is not valid.', [{ name: 'body', reason: TOO_DEEP }]), undefined);
      return;
    }
    parse(request, text, done);
  });
}
