import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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

export async function registerSecurityHeaders(app: FastifyInstance, extra?: IntegrationSources): Promise<void> {
  const directives: Record<string, string[]> = { ...contentSecurityPolicy };
  for (const [directive, sources] of Object.entries(extra ?? {})) {
    if (sources.length > 0) directives[directive] = [...(directives[directive] ?? ["'self'"]), ...sources];
  }
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // The shop is also served over plain http on loopback; HSTS belongs to the TLS terminator in front.
    strictTransportSecurity: false,
  });
}
