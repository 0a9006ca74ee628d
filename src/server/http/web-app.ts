import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface WebApp {
  /** Whether a built front end was found. */
  readonly available: boolean;
  /** Answers the front end's index.html for a client-side route (history fallback). */
  sendIndex(reply: FastifyReply): FastifyReply;
  wantsPage(request: FastifyRequest): boolean;
}

/**
 * Serves the built front end: hashed files under /assets/ are cached for a year,
 * everything else is revalidated, and unknown page paths fall back to index.html.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<WebApp> {
  const available = existsSync(path.join(distDir, 'index.html'));
  if (available) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes brotli and gzip copies beside each script, style and page (vite.config.ts): sent as they are.
      preCompressed: true,
      // Source maps would hand out the shop's source; they stay on the build machine.
      allowedPath: (pathName) => !pathName.toLowerCase().endsWith('.map'),
      setHeaders: (reply, filePath) => {
        const relative = path.relative(distDir, filePath);
        reply.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  return {
    available,
    sendIndex: (reply) => reply.header('Cache-Control', REVALIDATE).sendFile('index.html'),
    wantsPage: (request) => request.method === 'GET' || request.method === 'HEAD',
  };
}
