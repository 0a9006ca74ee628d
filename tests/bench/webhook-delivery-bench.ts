/**
 * `npm run bench -- --webhooks`: how long an order's `order.placed` takes from the shop's answer to the receiver's
 * 2xx, for 500 orders placed in a burst by 25 dealers at once, with the delivery loop at its default poll. The
 * baseline of the same run is one signed POST of the same size sent straight to the same receiver. Budget: p95 under
 * 2 s, every event received exactly once after de-duplication by webhook-id. On embedded PGlite and on the
 * PostgreSQL server (TEST_DATABASE_URL, or 127.0.0.1:5432), each in a database of its own.
 */
import { performance } from 'node:perf_hooks';
import { productStock } from '../../src/server/db/schema';
import { addWebhookEndpoint } from '../../src/server/modules/webhooks/webhook-endpoints';
import { postWebhook } from '../../src/server/modules/webhooks/webhook-post';
import { checkoutCalls, createCheckoutFixture } from '../support/checkout-fixtures';
import { eventually } from '../support/eventually';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { buildApp } from '../../src/server/app';
import { openPostgres } from '../../src/server/db/client';
import { createPostgresDatabase } from '../support/postgres-database';
import { type TestApp, createTestApp, testConfig } from '../support/test-app';
import { startWebhookReceiver } from '../support/webhook-receiver';

const DEALERS = 25;
const ORDERS_EACH = 20;
const BUDGET_P95_MS = 2_000;

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;

const ENV = { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true', DELIVERY_POLL_MILLISECONDS: '250' };

/** The shop on a database of its own on the PostgreSQL server. */
async function postgresApp(): Promise<TestApp> {
  const created = await createPostgresDatabase({ migrated: true });
  const database = openPostgres(created.url);
  const clock = { now: new Date() };
  const app = await buildApp(testConfig(ENV), { database, now: () => clock.now });
  await app.ready();
  return {
    app,
    database: { ...database, dispose: () => database.close() },
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await created.dispose();
    },
  };
}

export async function runWebhookDeliveryBench(): Promise<boolean> {
  let met = true;
  for (const [label, start] of [
    ['PGlite', () => createTestApp({ env: ENV })],
    ['PostgreSQL', postgresApp],
  ] as const) {
    met = (await measure(label, await start())) && met;
  }
  return met;
}

async function measure(label: string, t: TestApp): Promise<boolean> {
  const receiver = await startWebhookReceiver();
  try {
    const fixture = await createCheckoutFixture(t.database.db, t.clock.now);
    await t.database.db.update(productStock).set({ quantity: 1_000_000 });
    await t.app.catalogue.reload();
    const endpoint = await addWebhookEndpoint(t.database.db, {
      url: receiver.url,
      events: ['order.placed'],
      createdByKeyId: null,
    });
    receiver.useSecret(endpoint.secret);
    const dealers = await Promise.all(
      Array.from({ length: DEALERS }, async () => {
        const customer = await createCustomer(t.database.db, { state: 'VIC', creditLimitCents: 1_000_000_000 });
        return checkoutCalls(t.app, bearer(await signIn(t.app, customer.email)));
      }),
    );

    const baseline: number[] = [];
    for (let n = 0; n < 50; n += 1) {
      const started = performance.now();
      await postWebhook(
        {
          url: receiver.url,
          headers: { 'content-type': 'application/json' },
          body: receiver.received[0]?.body ?? '{}',
        },
        { allowPrivateAddresses: true, timeoutMs: 10_000 },
      );
      baseline.push(performance.now() - started);
    }
    receiver.received.length = 0;

    const answeredAt = new Map<string, number>();
    const receivedAt = new Map<string, number>();
    const watch = setInterval(() => {
      for (const delivery of receiver.accepted()) {
        const order = (delivery.verified as { data: { orderNumber: string } }).data.orderNumber;
        if (!receivedAt.has(order)) receivedAt.set(order, performance.now());
      }
    }, 5);
    const burstStarted = performance.now();
    await Promise.all(
      dealers.map(async (calls) => {
        for (let n = 0; n < ORDERS_EACH; n += 1) {
          await calls.add(fixture.tyres.t1, 1);
          const placed = await calls.completed({ paymentMethod: 'Payments.TradingAccount' });
          answeredAt.set(String(placed.orderId), performance.now());
        }
      }),
    );
    const burstMs = performance.now() - burstStarted;
    await eventually(async () => receivedAt.size >= DEALERS * ORDERS_EACH, 120_000).catch((error: unknown) => {
      console.log(
        `  only ${receivedAt.size} of ${answeredAt.size} orders received (${receiver.received.length} deliveries)`,
      );
      throw error;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    clearInterval(watch);

    const latencies = [...answeredAt]
      .map(([order, at]) => (receivedAt.get(order) ?? Infinity) - at)
      .sort((a, b) => a - b);
    const ids = receiver.accepted().map((delivery) => delivery.headers['webhook-id']);
    const once = new Set(ids).size === DEALERS * ORDERS_EACH;
    const sortedBaseline = [...baseline].sort((a, b) => a - b);
    const base = percentile(sortedBaseline, 0.5);
    const p50 = percentile(latencies, 0.5);
    const p95 = percentile(latencies, 0.95);
    const met = p95 < BUDGET_P95_MS && once;
    console.log(
      `${label}: webhook delivery, ${DEALERS * ORDERS_EACH} orders placed in ${(burstMs / 1000).toFixed(1)} s by ${DEALERS} dealers`,
    );
    console.log(`  baseline (one POST straight to the receiver): p50 ${base.toFixed(1)} ms`);
    console.log(
      `  answer → receiver: p50 ${p50.toFixed(0)} ms (${(p50 / base).toFixed(0)}×), p95 ${p95.toFixed(0)} ms (${(p95 / base).toFixed(0)}×), max ${(latencies.at(-1) ?? 0).toFixed(0)} ms; budget p95 < ${BUDGET_P95_MS} ms: ${p95 < BUDGET_P95_MS ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  received ${receiver.received.length}, distinct webhook-ids ${new Set(ids).size}: ${once ? 'each once' : 'NOT each once'}`,
    );
    return met;
  } finally {
    await receiver.close();
    await t.close();
  }
}
