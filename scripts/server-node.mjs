// How the server's node process is started: by `npm start` (scripts/start.mjs) and by the benchmark
// (tests/bench/bench-support.ts), so that what the benchmark measures is what a shop runs.

/** --expose-gc: the server collects the catalogue load's garbage, and a burst's once quiet (src/server/collect-garbage.ts). */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--expose-gc'];

/**
 * Defaults for the server's environment; a value the caller's environment sets wins.
 *
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (V8's collector and compiler threads, libuv's pool) an
 * arena of its own, up to eight per core, and memory freed into an arena stays with the process. After an uncached
 * burst the server kept about 70 MB outside the JS heap that way; with two arenas about 40 MB less, at no throughput
 * the benchmark could tell apart (docs/performance.md, memory).
 */
export const SERVER_NODE_ENV = { MALLOC_ARENA_MAX: '2' };
