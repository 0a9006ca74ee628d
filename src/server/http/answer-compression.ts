import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * How the server compresses what it builds per request (API answers; the front end's files are compressed at build
 * time and sent as they are, web-app.ts). A browser asks for brotli or gzip on every search, and a 30 KB search
 * answer compressed at the plugin's defaults (brotli quality 4, gzip level 6) cost 120 µs of CPU; handed to the
 * stream path, which @fastify/compress takes for anything over 8 KB on a two-core host, it cost about 250 µs more a
 * search than sending it as it is, and an aborted request logged an error. At brotli quality 1 and gzip level 1 the
 * same answer takes 30–50 µs and comes out 10–20% larger (2.4 KB against 2.0–2.2), and compressed in one call on the
 * main thread it skips the stream machinery (docs/performance.md, Compressed answers).
 */
export const ANSWER_COMPRESSION = {
  global: true,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
  zlibOptions: { level: 1 },
  /** Bodies up to this size are compressed in one call (a 48-tyre trade answer is about 65 KB); larger ones stream. */
  syncThreshold: 1024 * 1024,
} satisfies FastifyCompressOptions;
