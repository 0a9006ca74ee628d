import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import type { Config } from '../../config';
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
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function azuriteBlobScript(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('azurite/package.json');
  return path.join(path.dirname(manifest), 'dist/src/blob/main.js');
}

async function waitUntilListening(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Azurite exited early with code ${child.exitCode}`);
    if (await listening(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Azurite did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
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

/** Azurite spawned on its port, not yet serving: `ready` settles once it serves, or fails with Azurite stopped. */
export interface LaunchedAzurite extends RunningAzurite {
  readonly ready: Promise<void>;
}

/**
 * Spawns Azurite's blob service (the Azure Storage emulator, from npm) on loopback, with the flags TOOLCHAIN.md
 * names, and returns at once with its address; `ready` follows once it listens and lets browsers on any origin upload
 * to it (it only listens on 127.0.0.1). Azurite's own start (a second node process loading its modules) takes a
 * second or more, so the server does its own start meanwhile and waits for `ready` only before it listens.
 */
export async function launchAzurite(options: AzuriteOptions): Promise<LaunchedAzurite> {
  mkdirSync(options.location, { recursive: true });
  const port = options.port || (await freePort());
  const child = spawn(
    process.execPath,
    [
      '--import',
      STOP_WITH_PARENT,
      azuriteBlobScript(),
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      options.location,
      '--skipApiVersionCheck',
      '--disableTelemetry',
      '--silent',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
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
  const blobEndpoint = `http://127.0.0.1:${port}/${AZURITE_ACCOUNT}`;
  const connectionString = azuriteConnectionString(blobEndpoint);
  const ready = (async () => {
    try {
      await waitUntilListening(port, child, 30_000);
      await BlobServiceClient.fromConnectionString(connectionString).setProperties({
        cors: [
          {
            allowedOrigins: '*',
            allowedMethods: 'PUT,GET,HEAD,OPTIONS',
            allowedHeaders: '*',
            exposedHeaders: '*',
            maxAgeInSeconds: 3600,
          },
        ],
      });
    } catch (error) {
      await stop();
      throw error;
    }
  })();
  // Whoever launched it awaits `ready` later; a failure before then must not end the process as an unhandled rejection.
  ready.catch(() => undefined);
  return { connectionString, blobEndpoint, stop, ready };
}

/** Azurite launched and serving. */
export async function startAzurite(options: AzuriteOptions): Promise<RunningAzurite> {
  const { ready, ...azurite } = await launchAzurite(options);
  await ready;
  return azurite;
}

/**
 * `npm start` without AZURE_STORAGE_CONNECTION_STRING: Azurite under $DATA_DIR/azurite is the embedded default,
 * the way PGlite is for the database, launched (not yet serving, see launchAzurite). Null when a real storage account
 * is configured.
 */
export async function launchEmbeddedAzurite(
  config: Pick<Config, 'azureStorageConnectionString' | 'dataDir' | 'azuriteBlobPort'>,
): Promise<LaunchedAzurite | null> {
  if (config.azureStorageConnectionString) return null;
  return launchAzurite({ location: path.join(config.dataDir, 'azurite'), port: config.azuriteBlobPort });
}
