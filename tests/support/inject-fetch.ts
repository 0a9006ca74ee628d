import { setImmediate } from 'node:timers';
import type { FastifyInstance } from 'fastify';

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(headers).entries());
}

/**
 * A request leaves on a later turn of the event loop, as over a network: inject() alone can answer within the
 * microtasks of the click that asked, before the page has drawn its busy state, which no browser ever sees.
 */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A fetch that hands each request to the real app through inject(): UI tests talk to the real
 * server on a fresh database without opening a port.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    await nextTurn();
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: headerRecord(init?.headers),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };
}
