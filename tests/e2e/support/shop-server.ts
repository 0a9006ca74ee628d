import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningShop {
  readonly url: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop did not become ready at ${url} within ${timeoutMs} ms`);
}

/** Whether something already listens on the port: a shop left running there would answer /readyz for this one. */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the real server (built front end, fresh embedded database with demo data) as `npm start` would. `prepare`
 * runs on the data directory first, while no shop holds it (what the command-line tools need of an embedded database).
 */
export async function startShop(
  port: number,
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<RunningShop> {
  if (await portInUse(port)) {
    throw new Error(`port ${port} is taken by another process; stop it or set E2E_PORT to a free port`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-e2e-'));
  await prepare?.(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, 90_000);
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
