import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from '../../src/contract/routes';
import {
  freePort,
  killProcessesWithDataDir,
  processesWithDataDir,
  startProcess,
  waitUntilReady,
} from '../support/shop-process';

/** What became of one request: its answer, or the error its connection ended with. */
type Outcome = { status: number; body: unknown } | { error: string };

interface Sent {
  id: string;
  route: string;
  sentAt: number;
  outcome: Promise<Outcome>;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The test's side of the traffic: every request carries an id of its own as X-Request-Id, which the shop writes into
 * its 'incoming request' log line, so afterwards the test knows which requests reached the shop and which never did.
 */
class Traffic {
  readonly sent: Sent[] = [];
  /** When each request's last byte was handed to the kernel, for those it ever was. */
  readonly writtenAt = new Map<string, number>();

  constructor(private readonly port: number) {}

  send(
    method: string,
    route: string,
    options: { body?: object; token?: string; agent: http.Agent | false; apiRoute?: boolean },
  ): Promise<Outcome> {
    const id = `stop-${this.sent.length}`;
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const outcome = new Promise<Outcome>((resolve) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: options.apiRoute === false ? route : `${API_PREFIX}/${route}`,
          agent: options.agent,
          headers: {
            'x-request-id': id,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
          response.on('error', (error) => resolve({ error: errorCode(error) }));
        },
      );
      request.on('error', (error) => resolve({ error: errorCode(error) }));
      request.on('finish', () => this.writtenAt.set(id, Date.now()));
      request.end(payload);
    });
    this.sent.push({ id, route, sentAt: Date.now(), outcome });
    return outcome;
  }
}

const isAnswer = (outcome: Outcome): outcome is { status: number; body: unknown } => 'status' in outcome;

/** The request ids the shop logged as 'incoming request': the requests it received and had to answer. */
function receivedIds(output: string): Set<string> {
  const ids = new Set<string>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; reqId?: string };
      if (entry.msg === 'incoming request' && entry.reqId) ids.add(entry.reqId);
    } catch {
      // A line of the build's or npm's own.
    }
  }
  return ids;
}

/** The shop's output without its per-request lines, for a failure's story. */
function withoutRequestLines(output: string): string {
  return output
    .split('\n')
    .filter((line) => !/"msg":"(incoming request|request completed)"/.test(line))
    .join('\n');
}

describe('npm start stopped with SIGTERM under steady traffic', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-stop-'));
  const browsing = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const ordering = new http.Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(() => {
    browsing.destroy();
    ordering.destroy();
    killProcessesWithDataDir(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 within 10 s, keeps every acknowledged order, and answers every request it received', async () => {
    const port = await freePort();
    const shop = startProcess('npm', ['start'], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'true',
      // 'incoming request' lines tell which requests reached the shop.
      LOG_LEVEL: 'info',
    });
    // The first start may build the front end and the server, then creates and seeds the embedded database.
    await waitUntilReady(port, shop, 540_000);

    const traffic = new Traffic(port);
    const signIn = await traffic.send('POST', 'Authenticate/Login', {
      body: { email: 'dealer@demo.test', password: 'Demo!2345' },
      agent: false,
    });
    expect(signIn).toMatchObject({ status: 200 });
    const { token } = (signIn as { body: { token: string } }).body;
    const search = await traffic.send('POST', 'Tyre/Search', { body: { pageSize: 48 }, token, agent: false });
    const tyres = (search as { body: { items: { id: number; stockQuantity: number }[] } }).body.items;
    const product = [...tyres].sort((a, b) => b.stockQuantity - a.stockQuantity)[0];
    expect(product?.stockQuantity).toBeGreaterThan(40);

    let exitedAt = 0;
    const exited = shop.exited.then((exit) => {
      exitedAt = Date.now();
      return exit;
    });
    const running = () => exitedAt === 0;

    // Steady browsing, as from a few customers' browsers: a search every 40 ms whether or not the last was answered,
    // on kept-alive connections, and a health probe every 100 ms on a connection of its own, as from a load balancer.
    const trafficStartedAt = Date.now();
    const searching = setInterval(() => {
      if (running()) void traffic.send('POST', 'Tyre/Search', { body: { pageSize: 24 }, token, agent: browsing });
    }, 40);
    const probing = setInterval(() => {
      if (running()) void traffic.send('GET', '/readyz', { agent: false, apiRoute: false });
    }, 100);

    // Orders on account, one after another, as long as the shop runs; SIGTERM goes out while one is on its way in.
    const acknowledged: number[] = [];
    let signalledAt = 0;
    const placingOrders = (async () => {
      while (running()) {
        const added = await traffic.send('POST', 'Checkout/Add', {
          body: { productId: product?.id, quantity: 1 },
          token,
          agent: ordering,
        });
        if (!isAnswer(added) || added.status !== 200) {
          await sleep(20);
          continue;
        }
        const completing = traffic.send('POST', 'Checkout/Complete', {
          body: { paymentMethod: 'Payments.TradingAccount' },
          token,
          agent: ordering,
        });
        if (signalledAt === 0 && acknowledged.length >= 3 && Date.now() - trafficStartedAt >= 2_000) {
          // npm's own process gets the signal, as from a process manager or a container runtime.
          await sleep(5);
          signalledAt = Date.now();
          shop.child.kill('SIGTERM');
        }
        const completed = await completing;
        if (isAnswer(completed) && completed.status === 200) {
          acknowledged.push((completed.body as { orderId: number }).orderId);
        }
      }
    })();

    const exit = await exited;
    clearInterval(searching);
    clearInterval(probing);
    await placingOrders;
    const outcomes = await Promise.all(traffic.sent.map(async (sent) => ({ ...sent, outcome: await sent.outcome })));
    const received = receivedIds(shop.output());

    const sentBeforeSignal = outcomes.filter((sent) => sent.sentAt >= trafficStartedAt && sent.sentAt < signalledAt);
    const perSecond = sentBeforeSignal.length / ((signalledAt - trafficStartedAt) / 1000);
    const failed = outcomes.filter((sent) => !isAnswer(sent.outcome));
    const writtenBeforeSignal = (sent: { id: string }) => (traffic.writtenAt.get(sent.id) ?? Infinity) < signalledAt;
    const story = [
      `stop took ${exitedAt - signalledAt} ms; ${perSecond.toFixed(1)} requests/s before it`,
      `acknowledged orders ${acknowledged.join(', ')}`,
      `answered after the signal: ${outcomes.filter((sent) => sent.sentAt < signalledAt && isAnswer(sent.outcome)).length} of those sent before it`,
      `failed: ${failed.map((sent) => `${sent.id} ${sent.route} ${JSON.stringify(sent.outcome)}${received.has(sent.id) ? ' (received)' : ''}${writtenBeforeSignal(sent) ? ' (written before the signal)' : ''} sent ${sent.sentAt - signalledAt} ms, written ${(traffic.writtenAt.get(sent.id) ?? NaN) - signalledAt} ms from the signal`).join('; ')}`,
      `the shop wrote:\n${withoutRequestLines(shop.output())}`,
    ].join('\n');

    expect(signalledAt, story).toBeGreaterThan(0);
    expect(perSecond, story).toBeGreaterThanOrEqual(20);
    expect(exit, story).toEqual({ code: 0, signal: null });
    expect(exitedAt - signalledAt, story).toBeLessThan(10_000);
    // Every request on its way in when the shop was told to stop was answered, and so was every request it received
    // later: none was cut off by a reset.
    expect(failed.filter(writtenBeforeSignal), story).toEqual([]);
    expect(
      failed.filter((sent) => received.has(sent.id)),
      story,
    ).toEqual([]);
    // The rest never reached it: refused once it stopped listening, or on a kept-alive connection it had closed idle.
    for (const sent of failed)
      expect(['ECONNREFUSED', 'ECONNRESET'], story).toContain((sent.outcome as { error: string }).error);
    await vi.waitFor(() => expect(processesWithDataDir(dataDir)).toEqual([]), { timeout: 10_000 });

    const database = await PGlite.create(path.join(dataDir, 'db'));
    try {
      const placed = await database.query<{ id: number }>('select id from orders');
      expect(acknowledged.length, story).toBeGreaterThanOrEqual(3);
      expect(placed.rows.map((row) => row.id)).toEqual(expect.arrayContaining(acknowledged));
    } finally {
      await database.close();
    }
  }, 600_000);
});
