import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { API_PREFIX } from '../../src/contract/routes';
import { readOutbox } from '../support/outbox';
import { type PostgresDatabase, createPostgresDatabase } from '../support/postgres-database';
import {
  type ShopProcess,
  freePort,
  killProcessesWithDataDir,
  projectDir,
  startServerFromSources,
  waitUntilReady,
} from '../support/shop-process';

const STAFF_PASSWORD = 'Go-live!2026';
const CUSTOMER_PASSWORD = 'Chosen-at-go-live-1';

/** The shell commands of docs/go-live.md, in order: every line of its `sh` blocks that is not a comment or a setting. */
async function goLiveCommands(): Promise<string[]> {
  const page = await readFile(path.join(projectDir, 'docs', 'go-live.md'), 'utf8');
  const blocks = [...page.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('export '));
}

/**
 * docs/go-live.md followed to the letter on an empty PostgreSQL database: every command it gives, with the rehearsal's
 * settings, then the first order through the real server. The install and build steps are the ones every suite
 * already runs (the server starts from its sources here).
 */
describe('going live (docs/go-live.md)', () => {
  let database: PostgresDatabase;
  let dataDir: string;
  let shop: ShopProcess | undefined;

  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: false });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-go-live-'));
  });
  afterAll(async () => {
    shop?.child.kill('SIGTERM');
    await shop?.exited;
    killProcessesWithDataDir(dataDir);
    await rm(dataDir, { recursive: true, force: true });
    await database.dispose();
  });

  const settings = () => ({
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: 'false',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://shop.example',
  });

  const shell = (command: string, stdin = '') =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        'bash',
        ['-c', command],
        { cwd: projectDir, env: { ...process.env, ...settings() } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
      child.stdin?.end(stdin);
    });

  it('takes an empty database to a shop where a customer places the first order', async () => {
    const commands = await goLiveCommands();
    expect(commands[0]).toBe('npm install --no-audit --no-fund');
    expect(commands).toContain('npm start');
    const port = await freePort();

    let staffLink: URL | undefined;
    for (const command of commands) {
      if (command.startsWith('npm install') || command === 'npm run build') continue;
      if (command === 'npm start') {
        shop = startServerFromSources({ ...settings(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
        await waitUntilReady(port, shop);
        continue;
      }
      const ran = await shell(command.replace('http://localhost:3000', `http://127.0.0.1:${port}`));
      expect(ran, command).toMatchObject({ code: 0 });
      const printed = /https:\/\/shop\.example\/staff\/set-password\?\S+/.exec(ran.stdout)?.[0];
      if (command.startsWith('npm run staff -- create') && printed) staffLink = new URL(printed);
      if (command.startsWith('curl')) expect(JSON.parse(ran.stdout)).toMatchObject({ database: 'postgres' });
    }

    const call = async (method: string, route: string, body?: object, token?: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${API_PREFIX}/${route}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      expect(response.status, `${route}: ${text}`).toBe(200);
      return JSON.parse(text) as unknown;
    };

    // The first administrator chooses a password through the link the command printed.
    if (!staffLink) throw new Error('npm run staff -- create printed no link');
    await call('POST', 'Staff/SetPassword', {
      token: staffLink.searchParams.get('Token'),
      email: staffLink.searchParams.get('Email'),
      guid: staffLink.searchParams.get('Guid'),
      password: STAFF_PASSWORD,
    });
    const staff = (await call('POST', 'Staff/Login', {
      email: 'jo.admin@example.com.au',
      password: STAFF_PASSWORD,
    })) as AuthResult;
    expect(staff.isStaffMember).toBe(true);

    // An imported user chooses a password through the mailed link, then orders on account.
    const users = (await readFile(path.join(projectDir, 'docs/integration/samples/users.csv'), 'utf8')).split('\n');
    const email = users[1]?.split(',')[0] ?? '';
    await call('POST', 'Authenticate/ForgotPassword', { email, captchaToken: 'go-live' });
    let link: URL | undefined;
    for (let tries = 0; !link && tries < 50; tries++) {
      const mail = readOutbox(dataDir).find((sent) => sent.to.includes(email));
      const found = mail && /https:\/\/shop\.example\/reset-password\?\S+/.exec(mail.body)?.[0];
      if (found) link = new URL(found);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!link) throw new Error(`no reset mail to ${email}`);
    await call('POST', 'Authenticate/ResetPassword', {
      token: link.searchParams.get('Token'),
      email: link.searchParams.get('Email'),
      guid: link.searchParams.get('Guid'),
      password: CUSTOMER_PASSWORD,
    });
    const { token } = (await call('POST', 'Authenticate/Login', { email, password: CUSTOMER_PASSWORD })) as AuthResult;

    const { items } = (await call('POST', 'Tyre/Search', { pageSize: 48 }, token)) as {
      items: { id: number; sku: string; stockQuantity: number }[];
    };
    const inStock = items.find((tyre) => tyre.stockQuantity > 0);
    if (!inStock) throw new Error(`no imported tyre is in stock: ${JSON.stringify(items)}`);
    await call('POST', 'Checkout/Add', { productId: inStock.id, quantity: 1 }, token);
    const placed = (await call('POST', 'Checkout/Complete', { paymentMethod: 'Payments.TradingAccount' }, token)) as {
      orderId: number;
    };
    expect(placed.orderId).toBeGreaterThan(0);
  }, 600_000);
});
