import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Raised when another live process holds DATA_DIR; its message is what the operator reads. */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The scripts that take the lock: the server (built or run by tsx) and the demo data loader. */
const SHOP_ENTRY = /(^|[\\/])server[\\/](main|seed[\\/]cli)\.[cm]?[jt]s$/;

/** The holder's arguments (Linux's /proc, else ps); null when the system will not say. */
function commandLineOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })
        .trim()
        .split(/\s+/);
    } catch {
      return null;
    }
  }
}

/**
 * Whether a live pid is a shop process. After a kill -9 or a power cut the pid in a left-over lock may have gone to
 * anything else (a shell, a database), which must not keep the shop from starting. When the system will not show
 * the command line the holder is taken to be the shop: better a refusal to start than two servers on one database.
 */
function isShopProcess(pid: number): boolean {
  const args = commandLineOf(pid);
  return args === null || args.some((argument) => SHOP_ENTRY.test(argument));
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * One process per data directory: two servers on one embedded database both acknowledge writes and one of them loses
 * its own. The lock is a file naming the holder's pid, created exclusively; a file left by a process that no longer
 * runs (killed with -9, a power cut), or whose pid now belongs to a process that is not the shop, is taken over.
 * Released when the process exits, however it exits short of -9.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (tryCreate(file)) {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        if (holderOf(file) === process.pid) unlinkSync(file);
      };
      process.on('exit', release);
      return { file, release };
    }
    const holder = holderOf(file);
    if (holder !== null && holder !== process.pid && isAlive(holder) && isShopProcess(holder)) {
      throw new DataDirLockedError(
        `Another shop process (pid ${holder}) is using the data directory ${dataDir}. ` +
          'Stop it first, or give this one another DATA_DIR (or DATABASE_URL for a shared PostgreSQL).',
      );
    }
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}: another process keeps taking it.`);
}
