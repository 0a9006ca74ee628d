import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { Config } from '../../config';
import { projectRoot } from '../../project-root';
import { AZURITE_ACCOUNT, azuriteConnectionString } from './blob-connection';

export interface RunningAzurite {
  readonly connectionString: string;
  readonly blobEndpoint: string;
  stop(): Promise<void>;
}

export interface AzuriteOptions {
  /** Where Azurite keeps its blobs and metadata. */
  readonly location: string;
  /** 0: any free port on loopback. */
  readonly port?: number;
}

async function freePort(): Promise<number> {
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

function azuriteBlobScript(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('azurite/package.json');
  return path.join(path.dirname(manifest), 'dist/src/blob/main.js');
}

/**
 * Loaded into Azurite's process before Azurite itself: when the process that started it is gone (even killed with
 * -9, so no exit handler of its ran), Azurite is re-parented, notices, and stops as if told to. Inline (a data: URL)
 * because Azurite runs under plain node, whichever way the server runs.
 */
const STOP_WITH_PARENT = `data:text/javascript,${encodeURIComponent(`
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM'); }, 500).unref();
`)}`;

/** Loaded into Azurite's process too: sets its CORS rules once it serves, and says so over IPC (azurite-cors.mjs). */
const CORS_SETUP = pathToFileURL(path.join(projectRoot(), 'src/server/integrations/storage/azurite-cors.mjs')).href;
/** Azurite's priority while it starts, as a niceness (0 is the default, 19 the lowest). */
const STARTING_NICENESS = 10;
/** How long Azurite has to serve, CORS rules set. */
const READY_MS = 30_000;
const corsMessageSchema = z.union([z.object({ ready: z.literal(true) }), z.object({ error: z.string() })]);

/** Azurite spawned on its port, not yet serving: `ready` settles once it serves, or fails with Azurite stopped. */
export interface LaunchedAzurite extends RunningAzurite {
  readonly ready: Promise<void>;
}

/**
 * Sets a process's niceness where the system allows it: raising a priority again needs the right to, and a process
 * may be gone. Azurite serves the same at either priority.
 */
function tryPriority(pid: number | undefined, niceness: number): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, niceness);
  } catch {
    // Left at the priority it has.
  }
}

/** Azurite's address, chosen before it is spawned, so the server can be configured with it while Azurite is not yet running. */
export interface PlannedAzurite {
  readonly connectionString: string;
  /** Spawns it; see spawnAzurite. */
  launch(): LaunchedAzurite;
}

/**
 * Spawns Azurite's blob service (the Azure Storage emulator, from npm) on loopback, with the flags TOOLCHAIN.md
 * names, and returns at once with its address; `ready` follows once it listens and lets browsers on any origin upload
 * to it (it only listens on 127.0.0.1). Azurite's own start (a second node process loading its modules) takes a
 * second or more of CPU.
 */
function spawnAzurite(location: string, port: number, connectionString: string, blobEndpoint: string): LaunchedAzurite {
  const child = spawn(
    process.execPath,
    [
      '--import',
      STOP_WITH_PARENT,
      '--import',
      CORS_SETUP,
      azuriteBlobScript(),
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      location,
      '--skipApiVersionCheck',
      '--disableTelemetry',
      '--silent',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, YHI_AZURITE_CONNECTION_STRING: connectionString, YHI_AZURITE_PORT: String(port) },
    },
  );
  // At a lower priority until it serves, Azurite's start leaves the CPU to the shop, which serves by then (main.ts).
  tryPriority(child.pid, STARTING_NICENESS);
  // Azurite must not outlive the process that started it, however that process ends.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Azurite did not serve on 127.0.0.1:${port} within ${READY_MS} ms`)),
      READY_MS,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited early with code ${code}`));
    });
    child.once('message', (message) => {
      clearTimeout(timer);
      // The channel is only for this message; closed, it keeps neither process running.
      child.disconnect();
      const parsed = corsMessageSchema.safeParse(message);
      if (!parsed.success) reject(new Error('Azurite sent an unexpected message'));
      else if ('error' in parsed.data) reject(new Error(`Azurite's CORS rules were not set: ${parsed.data.error}`));
      else resolve();
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  // Serving, it gets the usual priority back. Whoever launched it awaits `ready` later; a failure before then must not
  // end the process as an unhandled rejection.
  ready.then(
    () => tryPriority(child.pid, 0),
    () => undefined,
  );
  return { connectionString, blobEndpoint, stop, ready };
}

/** Chooses Azurite's port (a free one unless given) and workspace; `launch` spawns it there. */
export async function planAzurite(options: AzuriteOptions): Promise<PlannedAzurite> {
  mkdirSync(options.location, { recursive: true });
  const port = options.port || (await freePort());
  const blobEndpoint = `http://127.0.0.1:${port}/${AZURITE_ACCOUNT}`;
  const connectionString = azuriteConnectionString(blobEndpoint);
  return { connectionString, launch: () => spawnAzurite(options.location, port, connectionString, blobEndpoint) };
}

/** Azurite spawned, not yet serving (see spawnAzurite). */
export async function launchAzurite(options: AzuriteOptions): Promise<LaunchedAzurite> {
  return (await planAzurite(options)).launch();
}

/** Azurite launched and serving. */
export async function startAzurite(options: AzuriteOptions): Promise<RunningAzurite> {
  const { ready, ...azurite } = await launchAzurite(options);
  await ready;
  return azurite;
}

/**
 * `npm start` without AZURE_STORAGE_CONNECTION_STRING: Azurite under $DATA_DIR/azurite is the embedded default,
 * the way PGlite is for the database, planned (not yet spawned, see planAzurite). Null when a real storage account
 * is configured.
 */
export async function planEmbeddedAzurite(
  config: Pick<Config, 'azureStorageConnectionString' | 'dataDir' | 'azuriteBlobPort'>,
): Promise<PlannedAzurite | null> {
  if (config.azureStorageConnectionString) return null;
  return planAzurite({ location: path.join(config.dataDir, 'azurite'), port: config.azuriteBlobPort });
}
