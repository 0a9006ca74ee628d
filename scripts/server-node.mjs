// How the server's node process is started: by `npm start` (scripts/start.mjs) and by the benchmark
// (tests/bench/bench-support.ts), so that what the benchmark measures is what a shop runs.

/**
 * --wasm-lazy-compilation: the embedded database's WebAssembly is compiled function by function as it is first called,
 * not all of it before the database opens; the server is ready a few tenths of a second sooner (docs/performance.md).
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--wasm-lazy-compilation'];

/**
 * Defaults for the server's environment; a value the caller's environment sets wins.
 *
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (V8's collector and compiler threads, libuv's pool) an
 * arena of its own, up to eight per core, and memory freed into an arena stays with the process. After an uncached
 * burst the server kept 50-75 MB (about 60) outside the JS heap that way, with two arenas 30-60 MB (about 45), and the
 * searches' throughput was the same within the benchmark's noise (docs/performance.md, memory).
 */
export const SERVER_NODE_ENV = { MALLOC_ARENA_MAX: '2' };
