import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openPostgres } from '../../src/server/db/client';
import { type PostgresDatabase, createPostgresDatabase } from '../support/postgres-database';
import { projectDir } from '../support/shop-process';
import { api, testConfig } from '../support/test-app';

/** `npm run staff`, as the people who take the shop live use it (docs/go-live.md), on a PostgreSQL database of its own. */
describe('npm run staff', () => {
  let database: PostgresDatabase;

  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
  });
  afterAll(() => database.dispose());

  const staff = (stdin: string, ...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        'npm',
        ['run', '--silent', 'staff', '--', ...args],
        { cwd: projectDir, env: { ...process.env, DATABASE_URL: database.url } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
      child.stdin?.end(stdin);
    });

  it('creates a staff member whose password is read from standard input, who then signs in', async () => {
    const created = await staff('Go-live!2026\n', 'create', '--email', 'Jo@Wholesaler.example', '--name', 'Jo Admin');
    expect(created).toMatchObject({
      code: 0,
      stdout: 'Created staff member Jo Admin <jo@wholesaler.example>: they sign in on /staff/login.\n',
    });

    const listed = await staff('', 'list');
    expect(listed.stdout).toMatch(/^jo@wholesaler\.example\tJo Admin\tactive\tcreated \S+$/m);
    expect(listed.stdout).not.toContain('Go-live');

    const handle = openPostgres(database.url);
    const app = await buildApp(testConfig(), { database: handle, now: () => new Date() });
    try {
      const signIn = (password: string) =>
        app.inject({
          method: 'POST',
          url: api('Staff/Login'),
          payload: { email: 'jo@wholesaler.example', password },
        });
      const signedIn = await signIn('Go-live!2026');
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({ isStaffMember: true });
      expect((await signIn('go-live!2026')).json()).toMatchObject({ detail: 'The email or password is incorrect.' });
    } finally {
      await app.close();
      await handle.close();
    }
  }, 120_000);

  it('refuses a second member with the same email, a short password and a bad email, changing nothing', async () => {
    await staff('Another!2026\n', 'create', '--email', 'sam@wholesaler.example', '--name', 'Sam');
    const again = await staff('Another!2026\n', 'create', '--email', 'SAM@wholesaler.example', '--name', 'Sam Two');
    expect(again).toMatchObject({ code: 1, stderr: 'A staff member already signs in as sam@wholesaler.example.\n' });

    const short = await staff('short\n', 'create', '--email', 'lee@wholesaler.example', '--name', 'Lee');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('Use at least 8 characters');

    const badEmail = await staff('Another!2026\n', 'create', '--email', 'not-an-email', '--name', 'Lee');
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain('email: Enter a valid email address');

    const listed = await staff('', 'list');
    expect(listed.stdout).toContain('sam@wholesaler.example\tSam\t');
    expect(listed.stdout).not.toContain('Sam Two');
    expect(listed.stdout).not.toContain('lee@');
  }, 120_000);
});
