import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../src/contract/imports';
import { openDatabase } from '../../src/server/db/client';
import { importJobs, productStock, products } from '../../src/server/db/schema';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import {
  type ShopProcess,
  embeddedServerEnv,
  freePort,
  killProcessesWithDataDir,
  startServerFromSources,
  waitUntilReady,
} from '../support/shop-process';

const ROWS = 30_000;
const BATCH = 1_000;

/**
 * A server killed (SIGKILL) while it applies an import leaves only whole batches: every batch either committed with the
 * job's counts or not at all; the next start marks the job interrupted.
 */
describe('an import when the server is killed mid-way', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-import-killed-'));
  const env = (port: number) => embeddedServerEnv(dataDir, port);
  const openShopDatabase = () => openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  let key: string;
  let server: ShopProcess | null = null;

  beforeAll(async () => {
    const database = await openShopDatabase();
    await database.migrate();
    await createCatalogueFixture(database.db, new Date());
    for (let start = 0; start < ROWS; start += 5_000) {
      await database.db.insert(products).values(
        Array.from({ length: 5_000 }, (_, offset) => ({
          kind: 'Tyre' as const,
          sku: `K${start + offset}`,
          slug: `k-${start + offset}`,
          name: `Killed ${start + offset}`,
          brand: 'Bulk',
          imageUrl: '/images/tyres/bulk.svg',
          rrpCents: 100,
          tradeCents: 80,
        })),
      );
    }
    key = (await createIntegrationKey(database.db, 'feed', ['stock'])).token;
    await database.close();
  }, 120_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    killProcessesWithDataDir(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps whole batches only, with counts that match them, and marks the job interrupted at the next start', async () => {
    const port = await freePort();
    server = startServerFromSources(env(port));
    await waitUntilReady(port, server);
    const base = `http://127.0.0.1:${port}/yhi/api`;
    const headers = { authorization: `Bearer ${key}` };
    const body = `sku,warehouse,quantity\n${Array.from({ length: ROWS }, (_, i) => `K${i},PERTH,7`).join('\n')}\n`;
    const started = await fetch(`${base}/Integration/Import?entity=stock-deltas`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body,
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as ImportJob;

    // Kill once the job is applying and has committed at least one batch.
    for (;;) {
      const job = (await (await fetch(`${base}/Integration/Import?id=${id}`, { headers })).json()) as ImportJob;
      expect(job.state, JSON.stringify(job)).toMatch(/^(queued|validating|applying)$/);
      if (job.state === 'applying' && job.progressRows >= BATCH) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    killProcessesWithDataDir(dataDir);

    const database = await openShopDatabase();
    try {
      const [applied] = await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(productStock)
        .where(eq(productStock.quantity, 7));
      const [job] = await database.db.select().from(importJobs).where(eq(importJobs.id, id));
      expect(applied?.count).toBeGreaterThanOrEqual(BATCH);
      expect(applied?.count).toBeLessThan(ROWS);
      expect((applied?.count ?? 1) % BATCH).toBe(0);
      expect(job).toMatchObject({ state: 'applying', rowsCreated: applied?.count, progressRows: applied?.count });
    } finally {
      await database.close();
    }

    const restartPort = await freePort();
    server = startServerFromSources(env(restartPort));
    await waitUntilReady(restartPort, server);
    const after = (await (
      await fetch(`http://127.0.0.1:${restartPort}/yhi/api/Integration/Import?id=${id}`, { headers })
    ).json()) as ImportJob;
    expect(after).toMatchObject({ state: 'failed', failure: expect.stringMatching(/interrupted/) });
    server.child.kill('SIGTERM');
    await server.exited;
    server = null;
  }, 240_000);
});
