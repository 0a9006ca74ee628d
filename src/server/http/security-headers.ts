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
 * How long a browser that has seen the shop over https refuses plain http to it. Subdomains are left out: the shop's
 * host does not decide for the company's other sites.
 */
export const STRICT_TRANSPORT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Helmet's headers on every answer. The middleware is built once here: @fastify/helmet built it again for every
 * request (parsing the policy each time), a measurable share of a small request's cost (docs/performance.md).
 * `httpsOnly` (PUBLIC_URL is https) adds Strict-Transport-Security; without it the shop is also served over plain
 * http (loopback, a demo), where the header would mean nothing or lock a developer's browser out of http.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { readonly httpsOnly: boolean; readonly extra?: IntegrationSources },
): void {
  const { httpsOnly, extra } = options;
  const directives: Record<string, string[]> = { ...contentSecurityPolicy };
  for (const [directive, sources] of Object.entries(extra ?? {})) {
    if (sources.length > 0) directives[directive] = [...(directives[directive] ?? ["'self'"]), ...sources];
  }
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: httpsOnly
      ? { maxAge: STRICT_TRANSPORT_MAX_AGE_SECONDS, includeSubDomains: false, preload: false }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
