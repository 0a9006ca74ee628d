import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const projectDir = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The fields of a process's /proc stat line after its command name (which may hold spaces and parentheses): the
 * state is [0], user and system CPU ticks [11] and [12], the niceness [16].
 */
export function procStatFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Processes other than this one whose /proc `file` (NUL-separated, read with a trailing NUL) holds `marker`. */
export function processesWhose(file: 'environ' | 'cmdline', marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (`${readFileSync(`/proc/${entry}/${file}`, 'utf8')}\0`.includes(marker)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

/**
 * Every process of the shop started for one test: they all carry the test's own DATA_DIR in their environment
 * (the server, and Azurite, which inherits it), so none is missed and no other test's process is touched.
 */
export function processesWithDataDir(dataDir: string): number[] {
  return processesWhose('environ', `DATA_DIR=${dataDir}\0`);
}

/** Last resort after a failed test: nothing the test started may outlive it. */
export function killProcessesWithDataDir(dataDir: string): void {
  for (const pid of processesWithDataDir(dataDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

export interface ShopProcess {
  readonly child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Settings the test runner's own environment may carry that would change what the started shop is. */
const RUNNER_SETTINGS = [
  'NODE_ENV',
  'DATABASE_URL',
  'REDIS_URL',
  'AZURE_STORAGE_CONNECTION_STRING',
  'DATA_DIR',
  'PORT',
  'HOST',
];

export function startProcess(command: string, args: readonly string[], env: Record<string, string>): ShopProcess {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !RUNNER_SETTINGS.includes(name)));
  const child = spawn(command, args, {
    cwd: projectDir,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, exited };
}

/** The server from its sources, as `npm run dev`'s API runs it. */
export function startServerFromSources(env: Record<string, string>): ShopProcess {
  return startProcess(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], env);
}

export async function waitUntilReady(port: number, process: ShopProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`the server exited early:\n${process.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${process.output()}`);
}

/**
 * The environment of a server started on its own embedded database in `dataDir`, listening on `port`, without demo
 * data. Its storage account is configured but unreachable: these tests are about the server and its database, and
 * Azurite is not needed.
 */
export function embeddedServerEnv(dataDir: string, port: number): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    AZURE_STORAGE_CONNECTION_STRING:
      'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=a2V5;BlobEndpoint=http://127.0.0.1:9/devstoreaccount1',
  };
}
