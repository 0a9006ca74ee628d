import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { orders, productStock } from '../../src/server/db/schema';
import { addWebhookEndpoint } from '../../src/server/modules/webhooks/webhook-endpoints';
import { checkoutCalls, createCheckoutFixture } from '../support/checkout-fixtures';
import { eventually } from '../support/eventually';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { overHttp } from '../support/http-inject';
import {
  type ShopProcess,
  embeddedServerEnv,
  freePort,
  killProcessesWithDataDir,
  startServerFromSources,
  waitUntilReady,
} from '../support/shop-process';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver';

const DEALERS = 4;

/**
 * kill -9 of the server while dealers place orders: every order the shop acknowledged has its `order.placed`
 * delivered once the server is back, and no event arrives for an order that was not stored.
 */
describe('webhook delivery when the server is killed while orders are placed', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-webhooks-killed-'));
  const env = (port: number) => ({
    ...embeddedServerEnv(dataDir, port),
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    DELIVERY_POLL_MILLISECONDS: '50',
  });
  const openShopDatabase = () => openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  let receiver: WebhookReceiver;
  let server: ShopProcess | null = null;
  let tyre: number;
  const emails: string[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const database = await openShopDatabase();
    await database.migrate();
    const fixture = await createCheckoutFixture(database.db, new Date());
    tyre = fixture.tyres.t1;
    await database.db.update(productStock).set({ quantity: 100_000 });
    for (let n = 0; n < DEALERS; n += 1) {
      const customer = await createCustomer(database.db, { state: 'VIC', creditLimitCents: 1_000_000_000 });
      emails.push(customer.email);
    }
    const endpoint = await addWebhookEndpoint(database.db, {
      url: receiver.url,
      events: ['order.placed'],
      createdByKeyId: null,
    });
    receiver.useSecret(endpoint.secret);
    await database.close();
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    killProcessesWithDataDir(dataDir);
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the event of every acknowledged order, and of no other, after a restart', async () => {
    const port = await freePort();
    server = startServerFromSources(env(port));
    await waitUntilReady(port, server);
    const shop = overHttp(`http://127.0.0.1:${port}`);
    const acknowledged: string[] = [];
    let killed = false;
    const dealer = async (email: string) => {
      const calls = checkoutCalls(shop, bearer(await signIn(shop, email)));
      while (!killed) {
        try {
          await calls.add(tyre, 1);
          const placed = await calls.completed({ paymentMethod: 'Payments.TradingAccount' });
          acknowledged.push(String(placed.orderId));
        } catch {
          return; // The server went away mid-request: that order's outcome is unknown to the dealer.
        }
      }
    };
    const placing = Promise.all(emails.map(dealer));
    await eventually(async () => acknowledged.length >= 20, 60_000);
    killed = true;
    server.child.kill('SIGKILL');
    await server.exited;
    await placing;

    server = startServerFromSources(env(port));
    await waitUntilReady(port, server);
    const delivered = () =>
      new Set(
        receiver
          .accepted()
          .map((delivery) => (delivery.verified as { data: { orderNumber: string } }).data.orderNumber),
      );
    await eventually(async () => acknowledged.every((order) => delivered().has(order)), 60_000);
    // Orders stored but not acknowledged (the kill came before the answer) are told of too: wait until a second
    // passes with nothing new, twenty rounds of the delivery loop.
    let seen = -1;
    await eventually(async () => {
      const now = delivered().size;
      const settled = now === seen;
      seen = now;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return settled;
    }, 30_000);
    server.child.kill('SIGTERM');
    await server.exited;
    server = null;

    const database = await openShopDatabase();
    try {
      const stored = new Set((await database.db.select({ id: orders.id }).from(orders)).map((row) => String(row.id)));
      for (const order of delivered()) expect(stored.has(order)).toBe(true);
      // Every stored order is told of, the acknowledged ones included; each once after de-duplication by webhook-id.
      expect([...stored].filter((order) => !delivered().has(order))).toEqual([]);
      const ids = receiver.accepted().map((delivery) => delivery.headers['webhook-id']);
      expect(new Set(ids).size).toBe(stored.size);
    } finally {
      await database.close();
    }
  }, 180_000);
});
