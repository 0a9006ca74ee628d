/**
 * What both benchmark modes share: a seeded database (fresh, or kept between runs with --keep), the server built and
 * started the way `npm start` runs it, sign-in, the server's own memory figure, and writing one marked part of
 * docs/performance.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';
import pg from 'pg';
import { SERVER_NODE_ARGS, SERVER_NODE_ENV } from '../../scripts/server-node.mjs';
import { DEMO_PASSWORD } from '../../src/domain/demo-logins';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/client';
import { isSeeded, seedDemoData } from '../../src/server/seed/seed-demo-data';
import { procStatFields } from '../support/shop-process';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export async function seed(handle: DatabaseHandle, scale: number): Promise<void> {
  const started = Date.now();
  let last = '';
  await seedDemoData(handle.db, {
    now: new Date(),
    scale,
    onProgress: (step, done, total) => {
      const width = 30;
      const filled = Math.round((done / Math.max(1, total)) * width);
      const line = `\r  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${step.padEnd(20)}`;
      if (line !== last) process.stdout.write(line);
      last = line;
    },
  });
  process.stdout.write(`\n  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

/** A seeded database, open for reading before the server starts, and how to let go of it afterwards. */
export interface BenchDatabase {
  /** What the server's environment needs to use it. */
  readonly env: Record<string, string>;
  /** Opens it (the embedded one allows one process at a time: close before starting the server). */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/**
 * The embedded database with `scale` tyres: in a temporary directory, or (with `keep`) under keep/pglite-<scale>,
 * seeded on first use and reused after.
 */
export async function pgliteDatabase(scale: number, keep: string | undefined): Promise<BenchDatabase> {
  const dataDir = keep ? path.join(keep, `pglite-${scale}`) : await mkdtemp(path.join(os.tmpdir(), 'yhi-bench-'));
  await mkdir(dataDir, { recursive: true });
  const open = async () => openPglite(await PGlite.create(path.join(dataDir, 'db')));
  const handle = await open();
  try {
    await handle.migrate();
    if (!(await isSeeded(handle.db))) {
      console.log(`PGlite: seeding ${scale.toLocaleString('en-AU')} tyres into ${dataDir}`);
      await seed(handle, scale);
    }
  } finally {
    await handle.close();
  }
  return {
    env: { DATA_DIR: dataDir },
    open,
    dispose: async () => {
      if (!keep) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL database with `scale` tyres: created and dropped, or (with `keep`) yhi_bench_<scale>, kept. */
export async function postgresDatabase(url: string, scale: number, keep: string | undefined): Promise<BenchDatabase> {
  const name = keep ? `yhi_bench_${scale}` : `yhi_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-bench-pg-'));
  const open = async () => openPostgres(target.toString());
  const handle = await open();
  try {
    await handle.migrate();
    if (!(await isSeeded(handle.db))) {
      console.log(`PostgreSQL: seeding ${scale.toLocaleString('en-AU')} tyres into ${name}`);
      await seed(handle, scale);
    }
  } finally {
    await handle.close();
  }
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: target.toString() },
    open,
    dispose: async () => {
      await rm(dataDir, { recursive: true, force: true });
      if (keep) return;
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The server as `npm run build` makes it (one file, packages external), under dist/bench so dist/server is left alone. */
export async function buildBenchServer(): Promise<string> {
  const outfile = path.join(root, 'dist/bench/main.js');
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

export interface StartedServer {
  readonly child: ChildProcess;
  /** From spawning the process to the first 200 from /readyz. */
  readonly readyMs: number;
}

export async function startServer(
  script: string,
  env: Record<string, string>,
  port: number,
  nodeOptions: readonly string[] = [],
): Promise<StartedServer> {
  const started = performance.now();
  // As npm start runs it (scripts/server-node.mjs).
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeOptions, script], {
    cwd: root,
    env: {
      ...SERVER_NODE_ENV,
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      NODE_ENV: 'production',
      CAPTCHA_LOCAL_MODE: 'accept',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return { child, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export async function signInToken(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/yhi/api/Authenticate/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dealer@demo.test', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The server's memory from its own /metrics (loopback may read them), in MB: resident, and the JS heap within it. */
export async function serverMemory(port: number): Promise<{ rss: number; heapUsed: number; heapTotal: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const megabytes = (metric: string) => {
    const bytes = new RegExp(`^${metric} (\\d+)`, 'm').exec(text)?.[1];
    if (!bytes) throw new Error(`no ${metric} in /metrics`);
    return Number(bytes) / 1024 / 1024;
  };
  return {
    rss: megabytes('process_resident_memory_bytes'),
    heapUsed: megabytes('nodejs_heap_size_used_bytes'),
    heapTotal: megabytes('nodejs_heap_size_total_bytes'),
  };
}

export async function residentMegabytes(port: number): Promise<number> {
  return (await serverMemory(port)).rss;
}

/** '866 MB (JS heap 310 MB used of 420 MB)': where the resident memory is, for the reader of a memory row. */
export function describeMemory(memory: { rss: number; heapUsed: number; heapTotal: number }): string {
  return `${memory.rss.toFixed(0)} MB (JS heap ${memory.heapUsed.toFixed(0)} MB used of ${memory.heapTotal.toFixed(0)} MB)`;
}

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time the server's process has used so far (every thread, user and system), in ms, from /proc; null where
 * there is no /proc. Divided by the requests of a run, it is what one request costs the server, whatever the machine's
 * speed: the share of the baseline is close to the baseline's cost over the search's.
 */
export function serverCpuMs(child: ChildProcess): number | null {
  if (child.pid === undefined) return null;
  try {
    const fields = procStatFields(child.pid);
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The machine's load averages over 1 and 5 minutes, as the issue asks each figure to carry. */
export function loadAverage(): string {
  const [one, five] = os.loadavg();
  return `${(one ?? 0).toFixed(2)} / ${(five ?? 0).toFixed(2)}`;
}

/**
 * Replaces what lies between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` in docs/performance.md, or appends the
 * marked part when the document has none yet; the rest of the document is written by hand.
 */
export async function replaceMarkedSection(name: string, content: string): Promise<void> {
  const file = path.join(root, 'docs/performance.md');
  const text = existsSync(file) ? await readFile(file, 'utf8') : '# Performance\n';
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const block = `${open}\n${content.trim()}\n${close}`;
  const from = text.indexOf(open);
  const to = text.indexOf(close);
  const next =
    from >= 0 && to > from
      ? `${text.slice(0, from)}${block}${text.slice(to + close.length)}`
      : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(file, next);
  console.log(`wrote the ${name} part of docs/performance.md`);
}
