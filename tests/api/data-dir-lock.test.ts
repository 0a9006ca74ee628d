import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ShopProcess,
  embeddedServerEnv,
  freePort,
  killProcessesWithDataDir,
  startServerFromSources,
  waitUntilReady,
} from '../support/shop-process';

describe('one server process per data directory', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-lock-'));
  const env = (port: number) => embeddedServerEnv(dataDir, port);
  let first: ShopProcess;
  let firstPort: number;

  beforeAll(async () => {
    firstPort = await freePort();
    first = startServerFromSources(env(firstPort));
    await waitUntilReady(firstPort, first);
  }, 180_000);
  afterAll(async () => {
    first.child.kill('SIGTERM');
    await first.exited;
    killProcessesWithDataDir(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR with a clear message, and the first keeps serving', async () => {
    const second = startServerFromSources(env(await freePort()));
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(
      `Another shop process (pid ${first.child.pid}) is using the data directory ${dataDir}`,
    );

    const health = await fetch(`http://127.0.0.1:${firstPort}/readyz`);
    expect(health.status).toBe(200);
    expect(first.child.exitCode).toBeNull();
  }, 120_000);
});
