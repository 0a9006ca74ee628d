import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir } from '../support/shop-process';

const run = promisify(execFile);

/** `npm run keys`, as the people who run the shop use it, on an embedded database of its own. */
describe('npm run keys', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-keys-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const keys = async (...args: string[]) => {
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: dataDir };
    try {
      const { stdout, stderr } = await run('npm', ['run', '--silent', 'keys', '--', ...args], { cwd: projectDir, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('creates a key shown once, lists it without the secret, refuses bad input, and revokes it', async () => {
    const created = await keys('create', '--name', 'erp', '--scopes', 'stock,prices');
    expect(created.code).toBe(0);
    const token = /yhi_ik_[A-Za-z0-9_-]{43}/.exec(created.stdout)?.[0];
    expect(token).toBeDefined();

    const badScope = await keys('create', '--name', 'other', '--scopes', 'stock,everything');
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toMatch(/scopes/);

    const listed = await keys('list');
    expect(listed.stdout).toMatch(/^erp\tyhi_ik_\S+…\tstock,prices\t.*never used\tactive$/m);
    expect(listed.stdout).not.toContain(token);

    const revoked = await keys('revoke', '--name', 'erp');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/refused from now on/);
    expect((await keys('revoke', '--name', 'erp')).code).toBe(2);
  }, 120_000);
});
