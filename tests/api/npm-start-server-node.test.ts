import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS, SERVER_NODE_ENV } from '../../scripts/server-node.mjs';
import {
  freePort,
  killProcessesWithDataDir,
  processesWithDataDir,
  startProcess,
  waitUntilReady,
} from '../support/shop-process';

/** A process's argv or environment, as the kernel keeps them (NUL-separated). */
function procList(pid: number, file: 'cmdline' | 'environ'): string[] {
  return readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean);
}

// The benchmark starts its server from the same scripts/server-node.mjs, so what it measures is what npm start runs.
describe('npm start runs the server as scripts/server-node.mjs says', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-node-'));
  afterAll(() => {
    killProcessesWithDataDir(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('with its node flags and its environment defaults', async () => {
    const port = await freePort();
    const shop = startProcess('npm', ['start'], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      CAPTCHA_LOCAL_MODE: 'accept',
      LOG_LEVEL: 'warn',
    });
    // The first start may build the front end and the server.
    await waitUntilReady(port, shop, 540_000);

    const server = processesWithDataDir(dataDir).find((pid) =>
      procList(pid, 'cmdline').includes('dist/server/main.js'),
    );
    expect(server, shop.output()).toBeDefined();
    const argv = procList(server as number, 'cmdline');
    const environment = procList(server as number, 'environ');
    expect(argv.slice(1, 1 + SERVER_NODE_ARGS.length)).toEqual(SERVER_NODE_ARGS);
    for (const [name, value] of Object.entries(SERVER_NODE_ENV)) expect(environment).toContain(`${name}=${value}`);

    shop.child.kill('SIGTERM');
    expect(await shop.exited).toEqual({ code: 0, signal: null });
  }, 600_000);
});
