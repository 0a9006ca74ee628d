import { randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../contract/routes';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { reportStoredValuesTo } from './db/stored-choice';
import { ANSWER_COMPRESSION } from './http/answer-compression';
import { BackgroundWork } from './http/background-work';
import { installErrorHandler, sendProblem } from './http/errors';
import { assertEveryRouteHandled, registerContract } from './http/register-contract';
import { integrationSources } from './http/integration-sources';
import { ZOD_COMPILERS } from './http/schema-compilers';
import { registerSecurityHeaders } from './http/security-headers';
import { registerDrain } from './http/drain';
import { registerJsonBody } from './http/json-body';
import { registerMetrics } from './http/metrics';
import { registerReadiness } from './http/readiness';
import { registerWebApp } from './http/web-app';
import { verifyAccessToken } from './modules/auth/access-token';
import { registerAuthRateLimits } from './modules/auth/auth-rate-limits';
import { SessionLiveness } from './modules/auth/session-liveness';
import { registerDiscountCodeLimits } from './modules/cart/discount-code-limits';
import { registerFormRateLimits } from './modules/forms/form-rate-limits';
import { registerImpersonationGuard } from './modules/staff/impersonation-guard';
import { registerCatalogue } from './modules/catalogue/catalogue-plugin';
import { handlers } from './modules/handlers';
import { registerImportRoute } from './modules/imports/import-route';
import { registerIntegrationRateLimits } from './modules/integration/integration-rate-limits';
import { INTEGRATION_KEY_PREFIX, findIntegrationCaller } from './modules/integration/integration-keys';
import { registerImageRoutes } from './modules/images/image-route';
import { registerPaymentProviderRoutes } from './modules/payment/payment-provider-routes';
import { registerReservationSweep } from './modules/checkout/reservation-sweep';
import { registerDeliveryLoop } from './modules/delivery/delivery-loop';
import { removeAbandonedUploads } from './modules/upload/upload-verification';

export interface AppOptions {
  /** An open, migrated database; when absent the app opens (and later closes) the one the config names. */
  readonly database?: DatabaseHandle;
  /** The clock every rule reads; tests move it. */
  readonly now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    sessionLiveness: SessionLiveness;
    backgroundWork: BackgroundWork;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;
/** How often uploads no submission referenced are looked for (they go once a day old). */
const ABANDONED_UPLOAD_SWEEP_MS = 60 * 60 * 1000;
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** How long start-up may take, the catalogue's first load included (docs/performance.md's scaling curve). */
const CATALOGUE_START_TIMEOUT_MS = 5 * 60 * 1000;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function timezoneOffset(header: string | string[] | undefined): number {
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isInteger(value) && Math.abs(value) <= 14 * 60 ? value : 0;
}

function trustNearestHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') }));

  assertEveryRouteHandled(handlers);

  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-impersonator-token"]'] },
    // A client's X-Request-Id is kept only when it is a well-formed id, so nobody can write what they like into the logs.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && WELL_FORMED_REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
    // The catalogue's first load runs in an onReady hook; at 300,000 tyres on a busy machine it outlasts avvio's 10 s
    // default, which stopped the server. A start that hangs still fails, after this long.
    pluginTimeout: CATALOGUE_START_TIMEOUT_MS,
    // A hop count trusts that many proxies nearest to us (what a number means to proxy-addr).
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // A request arriving during a stop is refused by http/drain.ts, with a problem like every other failure.
    return503OnClosing: false,
  });
  if (config.paymentSandbox) {
    app.log.warn(
      "*** PAYMENT SANDBOX ON: card payments go to the shop's own sandbox page, which charges nothing and marks orders and invoices paid. Set PAYMENT_GATEWAY_URL (or PAYMENT_SANDBOX=false) before taking real orders. ***",
    );
  }
  app.decorate('database', database);
  const backgroundWork = new BackgroundWork(app.log);
  app.decorate('backgroundWork', backgroundWork);
  app.addHook('onClose', () => backgroundWork.idle());
  const sessionLiveness = new SessionLiveness(database.db, now);
  app.decorate('sessionLiveness', sessionLiveness);
  registerDrain(app);
  database.useLog(app.log);
  reportStoredValuesTo(app.log);
  installErrorHandler(app);
  registerJsonBody(app);
  registerMetrics(app, database, config);

  app.decorateRequest('principal', null);
  app.decorateRequest('integrationCaller', null);
  app.decorateRequest('timezoneOffsetMinutes', 0);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!request.url.toLowerCase().startsWith(API_PREFIX)) return;
    if (config.apiKey && !request.routeOptions.config.withoutApiKey) {
      const given = request.headers['x-api-key'];
      if (typeof given !== 'string' || !sameSecret(given, config.apiKey)) {
        return sendProblem(reply, 401, 'A valid API key is required.');
      }
    }
    request.timezoneOffsetMinutes = timezoneOffset(request.headers['x-timezone-offset']);
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (token?.startsWith(INTEGRATION_KEY_PREFIX)) {
      request.integrationCaller = await findIntegrationCaller(database.db, token, now());
      if (request.integrationCaller)
        request.log = request.log.child({ integrationKey: request.integrationCaller.keyName });
      else return sendProblem(reply, 401, 'This integration key is not known or has been revoked.');
      return;
    }
    const verified = token ? await verifyAccessToken(token, config.jwtSecret, now()) : null;
    if (verified) request.principal = await sessionLiveness.principalOf(verified);
  });

  registerSecurityHeaders(app, {
    httpsOnly: new URL(config.publicUrl).protocol === 'https:',
    extra: integrationSources(config),
  });
  // API answers carry tokens, prices, invoices and addresses: no cache keeps them unless a route says otherwise.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.toLowerCase().startsWith(API_PREFIX) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(compress, ANSWER_COMPRESSION);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'YHI trade shop API',
        description: 'Every route of the shop, generated from the zod contract in src/contract.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  registerReadiness(app, database);

  registerImpersonationGuard(app, { db: database.db, config, now, sessionLiveness });
  await registerAuthRateLimits(app, config);
  registerFormRateLimits(app, config);
  registerDiscountCodeLimits(app, config);
  registerIntegrationRateLimits(app, config);
  const catalogue = registerCatalogue(app, database);
  registerImageRoutes(app, config, catalogue);
  registerContract(app, handlers, { db: database.db, catalogue, config, now });
  registerPaymentProviderRoutes(app, { db: database.db, catalogue, config, now });
  registerImportRoute(app, { database, config, now });
  registerReservationSweep(app, { db: database.db, catalogue, config, now });
  registerDeliveryLoop(app, { db: database.db, config, now });

  const web = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.toLowerCase().startsWith(API_PREFIX);
    if (!isApi && web.available && web.wantsPage(request)) return web.sendIndex(reply);
    return sendProblem(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}.`);
  });

  if (config.azureStorageConnectionString) {
    const sweep = setInterval(() => {
      removeAbandonedUploads(database.db, config, now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'abandoned uploads not removed'),
      );
    }, ABANDONED_UPLOAD_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }

  if (ownsDatabase) app.addHook('onClose', () => database.close());
  return app;
}
