import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  freePort,
  killProcessesWithDataDir,
  processesWithDataDir,
  startServerFromSources,
  waitUntilReady,
} from '../support/shop-process';

describe('the embedded Azurite', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-azurite-'));
  afterAll(() => {
    killProcessesWithDataDir(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops when the server that started it is killed with -9 (no exit handler of the server runs)', async () => {
    const port = await freePort();
    const server = startServerFromSources({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    });
    await waitUntilReady(port, server);
    // The server's other children (tsx's esbuild service, while it compiles sources not in its cache) are not Azurite.
    const azurite = processesWithDataDir(dataDir).filter((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node_modules/azurite/'),
    );
    expect(azurite).toHaveLength(1);

    server.child.kill('SIGKILL');
    await server.exited;
    await vi.waitFor(() => expect(processesWithDataDir(dataDir)).toEqual([]), { timeout: 15_000, interval: 100 });
  }, 180_000);
});
