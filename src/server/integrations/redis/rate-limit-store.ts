import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/** Where the counts are kept right now: in this process only, in Redis, or here because Redis is unreachable. */
export type RateLimitBackend = 'memory' | 'redis' | 'memory-fallback';

/** A booked turn: wait this long before acting, or (when the queue is already too long) come back later. */
export type Turn =
  { readonly granted: true; readonly waitMs: number } | { readonly granted: false; readonly retryAfterMs: number };

export interface RateLimitStore {
  /** The class @fastify/rate-limit constructs (its `store` option). */
  readonly Store: FastifyRateLimitStoreCtor;
  /**
   * Books the next turn of `key`, one every `spacingMs` after the last one booked, however many ask at once and on
   * whichever instance: attempts that arrive together are spread out instead of overlapping. A turn further away
   * than `longestWaitMs` is not booked.
   */
  takeTurn(key: string, spacingMs: number, longestWaitMs: number): Promise<Turn>;
  backend(): RateLimitBackend;
  close(): Promise<void>;
}

interface StoreLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** Counters in this process: enough for one instance, and what every instance falls back to without Redis. */
const LOCAL_KEYS = 50_000;

/** INCR with the window set on the first hit; answers the count and the window's remaining milliseconds. */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;

/** The count and the window's remaining milliseconds, without counting; a key not counted yet reads 0. */
const READ = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {current, ttl}
`;

/** The turn booking in Redis, on Redis's own clock so that every instance books on one line. */
const TAKE_TURN = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
local turn = math.max(now, free) + tonumber(ARGV[1])
if turn - now > tonumber(ARGV[2]) then return {0, free - now} end
redis.call('SET', KEYS[1], turn, 'PX', turn - now)
return {1, turn - now}
`;

/**
 * Fail fast: a sign-in must never wait on an unreachable Redis. Commands are refused at once while it is not
 * connected (no offline queue, no retries per command) and time out after COMMAND_TIMEOUT_MS; the client keeps
 * reconnecting in the background, and counting returns to Redis when it answers again.
 */
const CONNECT_TIMEOUT_MS = 500;
const COMMAND_TIMEOUT_MS = 300;
const LONGEST_RECONNECT_MS = 2_000;

const redisReply = z.tuple([z.number().int(), z.number().int()]);

function routeKey(routeOptions: { routeInfo?: { method?: unknown; url?: unknown } }): string {
  const info = routeOptions.routeInfo ?? {};
  return typeof info.method === 'string' && typeof info.url === 'string' ? `${info.method}${info.url}:` : '';
}

/**
 * The rate-limit counts of every limiter of the app (sign-in, forms, discount codes…). With REDIS_URL they are
 * shared by every instance; while Redis is unreachable each instance counts on its own, says so in its log and in
 * /readyz, and goes back to Redis when it returns. The Redis client is loaded only when there is a Redis to use
 * (start-up time, docs/performance.md).
 */
export async function createRateLimitStore(redisUrl: string | undefined, log: StoreLog): Promise<RateLimitStore> {
  const local = new LRUCache<string, { current: number; resetAt: number }>({ max: LOCAL_KEYS });

  const countLocally = (key: string, timeWindow: number): Result => {
    const now = Date.now();
    const entry = local.get(key);
    if (!entry || entry.resetAt <= now) {
      local.set(key, { current: 1, resetAt: now + timeWindow });
      return { current: 1, ttl: timeWindow };
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.resetAt - now };
  };

  const readLocally = (key: string): Result => {
    const entry = local.get(key);
    const now = Date.now();
    return !entry || entry.resetAt <= now
      ? { current: 0, ttl: 0 }
      : { current: entry.current, ttl: entry.resetAt - now };
  };

  const redis = redisUrl
    ? new (await import('ioredis')).Redis(redisUrl, {
        connectTimeout: CONNECT_TIMEOUT_MS,
        commandTimeout: COMMAND_TIMEOUT_MS,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        retryStrategy: (attempt: number) => Math.min(attempt * 200, LONGEST_RECONNECT_MS),
      })
    : null;

  let reachable = false;
  let warned = false;
  if (redis) {
    redis.on('ready', () => {
      reachable = true;
      warned = false;
      log.info({}, 'rate-limit counts are kept in Redis');
    });
    const unreachable = (error?: Error) => {
      reachable = false;
      if (warned) return;
      warned = true;
      log.warn({ err: error }, 'Redis is unreachable: rate limits count in this process until it is back');
    };
    redis.on('error', unreachable);
    redis.on('close', () => unreachable());
  }

  /** Runs `script` in Redis when it is reachable, else (or when it fails) `locally` in this process. */
  const run = (script: string, key: string, timeWindow: number, callback: Callback, locally: () => Result) => {
    if (!redis || !reachable) {
      callback(null, locally());
      return;
    }
    redis.eval(script, 1, `yhi-rate-limit:${key}`, timeWindow).then(
      (reply: unknown) => {
        const [current, ttl] = redisReply.parse(reply);
        callback(null, { current, ttl });
      },
      (error: unknown) => {
        log.warn({ err: error }, 'a rate-limit count failed in Redis; counted in this process');
        callback(null, locally());
      },
    );
  };

  const storeWith = (prefix: string): FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] } => ({
    incr: (key, callback, timeWindow) =>
      run(INCREMENT, prefix + key, timeWindow, callback, () => countLocally(prefix + key, timeWindow)),
    // `{ increment: false }` checks (the sign-in lockout reads its failure counts before an attempt) use this.
    read: (key, callback, timeWindow) => run(READ, prefix + key, timeWindow, callback, () => readLocally(prefix + key)),
    child: (routeOptions) =>
      storeWith(prefix + routeKey(routeOptions as { routeInfo?: { method?: unknown; url?: unknown } })),
  });

  const turnsHere = new LRUCache<string, number>({ max: LOCAL_KEYS });
  const takeTurnLocally = (key: string, spacingMs: number, longestWaitMs: number): Turn => {
    const now = Date.now();
    const free = turnsHere.get(key) ?? 0;
    const turn = Math.max(now, free) + spacingMs;
    if (turn - now > longestWaitMs) return { granted: false, retryAfterMs: free - now };
    turnsHere.set(key, turn);
    return { granted: true, waitMs: turn - now };
  };
  const takeTurn = async (key: string, spacingMs: number, longestWaitMs: number): Promise<Turn> => {
    if (!redis || !reachable) return takeTurnLocally(key, spacingMs, longestWaitMs);
    try {
      const reply = await redis.eval(TAKE_TURN, 1, `yhi-turn:${key}`, spacingMs, longestWaitMs);
      const [granted, milliseconds] = redisReply.parse(reply);
      return granted === 1 ? { granted: true, waitMs: milliseconds } : { granted: false, retryAfterMs: milliseconds };
    } catch (error) {
      log.warn({ err: error }, 'a turn could not be booked in Redis; booked in this process');
      return takeTurnLocally(key, spacingMs, longestWaitMs);
    }
  };

  const Store = function RateLimitStoreOfApp() {
    return storeWith('');
  } as unknown as FastifyRateLimitStoreCtor;

  return {
    Store,
    takeTurn,
    backend: () => (!redis ? 'memory' : reachable ? 'redis' : 'memory-fallback'),
    close: async () => {
      if (!redis) return;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
