import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IntegrationSources } from './integration-sources';

/**
 * The Content Security Policy the built front end runs under. Styles allow 'unsafe-inline' because
 * Radix primitives inject <style> elements; scripts come only from the shop itself.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
};

/**
 * Helmet's headers on every answer. The middleware is built once here: @fastify/helmet built it again for every
 * request (parsing the policy each time), a measurable share of a small request's cost (docs/performance.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, extra?: IntegrationSources): void {
  const directives: Record<string, string[]> = { ...contentSecurityPolicy };
  for (const [directive, sources] of Object.entries(extra ?? {})) {
    if (sources.length > 0) directives[directive] = [...(directives[directive] ?? ["'self'"]), ...sources];
  }
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // The shop is also served over plain http on loopback; HSTS belongs to the TLS terminator in front.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
