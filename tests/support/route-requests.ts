import type { FastifyInstance } from 'fastify';
import type { Access, RouteDefinition } from '../../src/contract/route';
import { API_PREFIX } from '../../src/contract/routes';
import type { RoleName } from './roles';

/** The role the access rule lets through, so a request reaches the route's own reading of its input. */
export const CALLER: Record<Access, RoleName> = {
  public: 'visitor',
  signedIn: 'customer',
  customer: 'customer',
  payer: 'customer',
  staff: 'staff',
  integration: 'integration',
};

/** Percent-encodes every UTF-16 unit of a query value as its UTF-8 bytes would be, lone surrogates included. */
function encodeQueryValue(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(char);
    })
    .join('');
}

export function queryStringOf(query: Readonly<Record<string, string | readonly string[]>> | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (typeof value === 'string' ? [value] : value).map((item) => `${encodeQueryValue(key)}=${encodeQueryValue(item)}`),
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** One call of a route of the table, as a client sends it: the query in the URL, the body as JSON. */
export function callRoute(
  app: FastifyInstance,
  route: RouteDefinition,
  headers: Record<string, string>,
  input: { query?: Record<string, string | readonly string[]>; body?: unknown },
) {
  const isPost = route.method === 'POST';
  return app.inject({
    method: route.method,
    url: `${API_PREFIX}/${route.path}${queryStringOf(input.query)}`,
    headers: { ...headers, ...(isPost ? { 'content-type': 'application/json' } : {}) },
    ...(isPost ? { payload: JSON.stringify(input.body ?? {}) } : {}),
  });
}
