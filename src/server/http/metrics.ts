import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { type BusinessMeters, registerBusinessMeters } from './business-metrics';
import { sendProblem } from './errors';
import { cameThroughProxy } from './proxied-request';

const BEARER = /^Bearer\s+(\S+)$/i;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Metrics are not public. Loopback means the TCP peer itself (never X-Forwarded-For, which anyone can send), and
 * only a request that came straight in: one with any proxy's header came through a proxy on this host, so it may be
 * from anywhere, whatever TRUST_PROXY says. Anyone else needs METRICS_TOKEN as a bearer token.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (token && given && sameSecret(given, token)) return true;
  return !cameThroughProxy(request.headers) && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

let processRegistry: Registry | null = null;

/**
 * prom-client's defaults (memory, CPU, event loop, GC) describe the process, and watching the event loop costs a
 * timer: one set per process, however many apps it builds (tests build many).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** GET /metrics in Prometheus text format; each app has a registry of its own (tests build several in one process). */
export function registerMetrics(
  app: FastifyInstance,
  database: DatabaseHandle,
  config: Pick<Config, 'metricsToken'>,
): void {
  const registry = new Registry();

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not the URL: one series per route however many products and queries there are.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on the embedded database).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = database.poolUse();
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });

  let reloadsReported = 0;
  new Counter({
    name: 'catalogue_read_model_reloads_total',
    help: 'Full loads of the in-memory catalogue.',
    registers: [registry],
    collect() {
      const { reloads } = app.catalogue.health();
      this.inc(reloads - reloadsReported);
      reloadsReported = reloads;
    },
  });
  new Gauge({
    name: 'catalogue_read_model_age_seconds',
    help: 'Seconds since the in-memory catalogue was last known to hold every announced change.',
    registers: [registry],
    collect() {
      this.set(app.catalogue.health().ageSeconds);
    },
  });
  new Gauge({
    name: 'catalogue_listener_up',
    help: '1 while the catalogue notification connection listens, 0 while it reconnects.',
    registers: [registry],
    collect() {
      this.set(app.catalogue.health().listener.state === 'listening' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'catalogue_cache_bytes',
    help: 'Bytes held by each catalogue cache.',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const cache of app.catalogue.cacheStats()) this.set({ cache: cache.name }, cache.bytes);
    },
  });
  new Gauge({
    name: 'catalogue_cache_hit_ratio',
    help: 'Hits over lookups of each catalogue cache since the catalogue was last loaded.',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const cache of app.catalogue.cacheStats()) {
        const lookups = cache.hits + cache.misses;
        this.set({ cache: cache.name }, lookups === 0 ? 0 : cache.hits / lookups);
      }
    },
  });
  new Gauge({
    name: 'rate_limit_store_shared',
    help: '1 while rate limits count in Redis, 0 while each instance counts on its own.',
    registers: [registry],
    collect() {
      this.set(app.rateLimitStore.backend() === 'redis' ? 1 : 0);
    },
  });

  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by limiter.',
    labelNames: ['limiter'],
    registers: [registry],
  });
  const orders = new Counter({
    name: 'orders_placed_total',
    help: 'Orders placed, by payment method.',
    labelNames: ['payment_method'],
    registers: [registry],
  });
  const payments = new Counter({
    name: 'payment_outcomes_total',
    help: 'Payments settled by the provider, by what was paid (order or invoices) and outcome.',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const meter: BusinessMeters = {
    orderPlaced: (paymentMethod) => orders.inc({ payment_method: paymentMethod }),
    paymentSettled: (kind, outcome) => payments.inc({ kind, outcome }),
    rateLimitRefused: (limiter) => refusals.inc({ limiter }),
  };
  registerBusinessMeters(database.db, meter);

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, config.metricsToken)) {
      return sendProblem(reply, 403, 'Metrics are served to this host, or with the metrics token.');
    }
    reply.type(registry.contentType);
    const [ofProcess, ofApp] = await Promise.all([processMetrics().metrics(), registry.metrics()]);
    return `${ofProcess}${ofApp}`;
  });
}
