import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { mailMessages } from '../../src/server/db/schema';
import { queueMail } from '../../src/server/modules/mail/mail-queue';
import { startSmtpRelay } from '../support/smtp-relay';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** A port nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Mail goes through an outbox (docs/operations.md, Mail): queued in the transaction of the change it tells of, sent
 * by the delivery loop, and kept and retried while the relay is down, so an outage delays mail instead of losing it.
 */
describe('the mail outbox', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('keeps mail while the relay is down and sends it, once, when the relay is back', async () => {
    const port = await closedPort();
    t = await createTestApp({ now: NOW, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const app = t;
    await app.database.db.transaction((tx) =>
      queueMail(tx, [{ to: 'dealer@example.com.au', subject: 'Your order has shipped', text: 'On its way.' }], NOW),
    );
    expect(await app.app.sendQueuedMail()).toBe(1);
    const [waiting] = await app.database.db.select().from(mailMessages);
    expect(waiting).toMatchObject({ state: 'retrying', attempts: 1, sentAt: null });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Retried 5 s after the failed attempt, not before.
    expect(waiting?.nextAttemptAt.getTime()).toBe(NOW.getTime() + 5_000);

    const relay = await startSmtpRelay(port);
    try {
      app.clock.now = new Date(NOW.getTime() + 4_999);
      expect(await app.app.sendQueuedMail()).toBe(0);
      app.clock.now = new Date(NOW.getTime() + 5_000);
      expect(await app.app.sendQueuedMail()).toBe(1);
      expect(relay.received).toHaveLength(1);
      expect(relay.received[0]?.to).toEqual(['dealer@example.com.au']);
      expect(relay.received[0]?.data).toContain('Subject: Your order has shipped');
      const [sent] = await app.database.db.select().from(mailMessages);
      expect(sent).toMatchObject({ state: 'delivered', attempts: 2, lastError: null });
      expect(await app.app.sendQueuedMail()).toBe(0);
      expect(relay.received).toHaveLength(1);
    } finally {
      await relay.close();
    }
  });

  it('queues nothing when the change it tells of rolls back', async () => {
    t = await createTestApp({ now: NOW });
    const app = t;
    await expect(
      app.database.db.transaction(async (tx) => {
        await queueMail(tx, [{ to: 'dealer@example.com.au', subject: 'Never', text: 'Rolled back.' }], NOW);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await app.database.db.select().from(mailMessages)).toEqual([]);
    expect(await app.app.sendQueuedMail()).toBe(0);
  });
});
