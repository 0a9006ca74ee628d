import type { FastifyInstance } from 'fastify';

/**
 * A running server reached over HTTP, shaped like the `inject` of an app in the test process, so the same request
 * helpers (sign-in, cart, checkout) drive a server in another process.
 */
export function overHttp(origin: string): FastifyInstance {
  const inject = async (options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: object;
  }) => {
    const response = await fetch(`${origin}${options.url}`, {
      method: options.method,
      headers: {
        ...options.headers,
        ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.payload === undefined ? {} : { body: JSON.stringify(options.payload) }),
    });
    const body = await response.text();
    return { statusCode: response.status, body, json: () => JSON.parse(body) as unknown };
  };
  return { inject } as unknown as FastifyInstance;
}
