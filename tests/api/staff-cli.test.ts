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

  it('creates an administrator and prints a single-use link with which they choose a password and sign in', async () => {
    const created = await staff('', 'create', '--email', 'Jo@Wholesaler.example', '--role', 'administrator');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(
      /^Created staff member jo <jo@wholesaler\.example> \(administrator\)\. To choose their password, they open this link within 7 days \(it works once\):\nhttp:\/\/\S+\/staff\/set-password\?Token=\S+&Email=jo%40wholesaler\.example&Guid=[0-9a-f-]{36}\n$/,
    );
    const link = new URL(created.stdout.trim().split('\n').at(-1) ?? '').searchParams;

    const listed = await staff('', 'list');
    expect(listed.stdout).toMatch(/^jo@wholesaler\.example\tjo\tadministrator\tinvited$/m);

    const handle = openPostgres(database.url);
    const app = await buildApp(testConfig(), { database: handle, now: () => new Date() });
    try {
      const setPassword = () =>
        app.inject({
          method: 'POST',
          url: api('Staff/SetPassword'),
          payload: {
            token: link.get('Token'),
            email: link.get('Email'),
            guid: link.get('Guid'),
            password: 'Go-live!2026',
          },
        });
      expect((await setPassword()).statusCode).toBe(200);
      expect((await setPassword()).statusCode).toBe(400);
      const signIn = (password: string) =>
        app.inject({ method: 'POST', url: api('Staff/Login'), payload: { email: 'jo@wholesaler.example', password } });
      const signedIn = await signIn('Go-live!2026');
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({ isStaffMember: true });
      const me = await app.inject({
        method: 'GET',
        url: api('Staff/Me'),
        headers: { authorization: `Bearer ${signedIn.json<{ token: string }>().token}` },
      });
      expect(me.json()).toMatchObject({ email: 'jo@wholesaler.example', role: 'administrator' });
    } finally {
      await app.close();
      await handle.close();
    }
    expect((await staff('', 'list')).stdout).toMatch(/^jo@wholesaler\.example\tjo\tadministrator\tactive$/m);
  }, 120_000);

  it('refuses a second member with the same email, an unknown role and a bad email, changing nothing', async () => {
    await staff('', 'create', '--email', 'sam@wholesaler.example', '--name', 'Sam', '--role', 'sales');
    const again = await staff(
      '',
      'create',
      '--email',
      'SAM@wholesaler.example',
      '--name',
      'Sam Two',
      '--role',
      'sales',
    );
    expect(again).toMatchObject({ code: 1, stderr: 'A staff member already signs in as sam@wholesaler.example.\n' });

    const role = await staff('', 'create', '--email', 'lee@wholesaler.example', '--role', 'owner');
    expect(role.code).toBe(2);
    expect(role.stderr).toContain('role: Choose one of administrator, sales, credit, claims, content');

    const badEmail = await staff('', 'create', '--email', 'not-an-email', '--role', 'sales');
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain('email: Enter a valid email address');

    const listed = await staff('', 'list');
    expect(listed.stdout).toContain('sam@wholesaler.example\tSam\tsales\tinvited');
    expect(listed.stdout).not.toContain('Sam Two');
    expect(listed.stdout).not.toContain('lee@');
  }, 120_000);
});
