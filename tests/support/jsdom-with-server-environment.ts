import { type Environment, builtinEnvironments } from 'vitest/runtime';

const jsdom = builtinEnvironments.jsdom;

/** Node's own binary-data classes: the server (token signing, password hashes, PGlite) checks instanceof against them. */
const NODE_BINARY_GLOBALS = [
  'ArrayBuffer',
  'Uint8Array',
  'Int8Array',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'Uint8ClampedArray',
  'TextEncoder',
  'TextDecoder',
] as const;

/**
 * jsdom for UI tests that run the real server (createTestApp) in the same worker, so the views talk
 * to the real API through inject(). Two differences from plain jsdom:
 * - modules are transformed as for Node (Vite's 'ssr' environment): the browser transform rewrites
 *   the server's `new URL('./x', import.meta.url)` file paths into http asset URLs;
 * - binary data classes stay Node's: jsdom's come from another realm, so Node's Buffers fail
 *   `instanceof Uint8Array` and the server's token signing (jose) refuses its key.
 */
export default {
  ...jsdom,
  name: 'jsdom-with-server',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const kept = Object.fromEntries(NODE_BINARY_GLOBALS.map((name) => [name, global[name]]));
    const environment = await jsdom.setup(global, options);
    Object.assign(global, kept);
    return environment;
  },
} satisfies Environment;
