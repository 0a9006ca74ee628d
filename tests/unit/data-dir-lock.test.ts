import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/server/data-dir-lock';

describe('the DATA_DIR lock', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'yhi-lock-unit-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('names its holder, and is gone once released', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.file, 'utf8')).toBe(String(process.pid));
    lock.release();
    const again = lockDataDir(dir);
    again.release();
  });

  /** A live process running a script at `entry` under a directory of its own (a stand-in for the shop, or not). */
  const liveProcess = (entry: string) => {
    const script = path.join(dataDir(), entry);
    mkdirSync(path.dirname(script), { recursive: true });
    writeFileSync(script, 'setTimeout(() => {}, 60000);');
    return spawn(process.execPath, [script]);
  };
  const stop = async (child: ReturnType<typeof spawn>) => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };

  it('refuses while another live shop process holds it, naming that process', async () => {
    const dir = dataDir();
    const other = liveProcess('dist/server/main.js');
    try {
      writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        `Another shop process (pid ${other.pid}) is using the data directory ${dir}`,
      );
    } finally {
      await stop(other);
    }
  });

  it('takes over a lock whose pid now belongs to a live process that is not the shop', async () => {
    const dir = dataDir();
    const unrelated = liveProcess('other-app/worker.js');
    try {
      writeFileSync(path.join(dir, 'server.lock'), String(unrelated.pid));
      const lock = lockDataDir(dir);
      expect(readFileSync(lock.file, 'utf8')).toBe(String(process.pid));
      lock.release();
    } finally {
      await stop(unrelated);
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = dataDir();
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path.join(dir, 'server.lock'), String(gone.pid));
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.file, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
