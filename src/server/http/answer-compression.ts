import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * How the server compresses what it builds per request (API answers; the front end's files are compressed at build
 * time and sent as they are, web-app.ts). A browser asks for brotli or gzip on every search, and a 30 KB search
 * answer compressed at the plugin's defaults (brotli quality 4, gzip level 6) cost 120 µs of CPU; handed to the
 * stream path, which @fastify/compress takes for anything over 8 KB on a two-core host, it cost about 250 µs more a
 * search than sending it as it is, and an aborted request logged an error. At brotli quality 0 and gzip level 1 a
 * 20 KB answer takes 27–28 µs (brotli) and comes out 1.75 KB, against 36 µs and 1.64 KB at brotli quality 1, and
 * compressed in one call on the main thread it skips the stream machinery (docs/performance.md, Compressed answers).
 */
export const ANSWER_COMPRESSION = {
  global: true,
  // Node 24 can compress zstd, and the plugin then prefers it to brotli; it is left out until it is measured against
  // the settings above (the plugin would hand it the gzip options, which do not apply to zstd).
  encodings: ['br', 'gzip', 'deflate'],
  brotliOptions: {
    params: { [constants.BROTLI_PARAM_QUALITY]: 0, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  },
  zlibOptions: { level: 1 },
  /** Bodies up to this size are compressed in one call (a 48-tyre trade answer is about 65 KB); larger ones stream. */
  syncThreshold: 1024 * 1024,
} satisfies FastifyCompressOptions;
