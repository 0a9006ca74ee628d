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

interface Answer {
  status: number;
  body: unknown;
}

/**
 * One request on a connection of its own (no keep-alive): it is either refused before anything is sent (the server
 * stopped listening) or answered; a reset in between is what a lost in-flight request looks like.
 */
function call(port: number, method: string, route: string, body?: object, token?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `${API_PREFIX}/${route}`,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

describe('npm start stopped with SIGTERM during a stream of orders', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-stop-'));
  afterAll(() => {
    killProcessesWithDataDir(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers or refuses every request, keeps every acknowledged order, and leaves no process behind', async () => {
    const port = await freePort();
    const shop = startProcess('npm', ['start'], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
    });
    // The first start may build the front end and the server, then creates and seeds the embedded database.
    await waitUntilReady(port, shop, 540_000);

    const signIn = await call(port, 'POST', 'Authenticate/Login', { email: 'dealer@demo.test', password: 'Demo!2345' });
    expect(signIn.status).toBe(200);
    const { token } = signIn.body as { token: string };
    const search = await call(port, 'POST', 'Tyre/Search', { pageSize: 48 }, token);
    const tyres = (search.body as { items: { id: number; stockQuantity: number }[] }).items;
    const product = [...tyres].sort((a, b) => b.stockQuantity - a.stockQuantity)[0];
    expect(product?.stockQuantity).toBeGreaterThan(20);

    const acknowledged: number[] = [];
    const failures: string[] = [];
    let stopSent = false;
    for (let order = 0; order < 20; order += 1) {
      try {
        const added = await call(port, 'POST', 'Checkout/Add', { productId: product?.id, quantity: 1 }, token);
        if (added.status !== 200) break;
        const completing = call(port, 'POST', 'Checkout/Complete', { paymentMethod: 'Payments.TradingAccount' }, token);
        if (acknowledged.length === 3 && !stopSent) {
          // While this order is on its way in: npm's own process gets the signal, as from a process manager.
          stopSent = true;
          setTimeout(() => shop.child.kill('SIGTERM'), 5);
        }
        const completed = await completing;
        if (completed.status !== 200) break;
        acknowledged.push((completed.body as { orderId: number }).orderId);
      } catch (error) {
        if (errorCode(error) !== 'ECONNREFUSED') failures.push(errorCode(error));
        break;
      }
    }
    const exit = await shop.exited;
    const story = `acknowledged ${acknowledged.join(', ')}; the shop wrote:\n${shop.output()}`;
    expect(stopSent, story).toBe(true);
    expect(failures, story).toEqual([]);
    expect(acknowledged.length, story).toBeGreaterThanOrEqual(3);
    expect(exit, story).toEqual({ code: 0, signal: null });
    await vi.waitFor(() => expect(processesWithDataDir(dataDir)).toEqual([]), { timeout: 10_000 });

    const database = await PGlite.create(path.join(dataDir, 'db'));
    try {
      const placed = await database.query<{ id: number }>('select id from orders');
      expect(placed.rows.map((row) => row.id)).toEqual(expect.arrayContaining(acknowledged));
    } finally {
      await database.close();
    }
  }, 600_000);
});
