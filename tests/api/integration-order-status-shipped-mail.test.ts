import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDetails } from '../../src/contract/account';
import { mailMessages } from '../../src/server/db/schema';
import { SHIPPED, orderStatusSetup } from '../support/order-status-fixtures';
import { readOutbox } from '../support/outbox';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** A shipped order mails the account's contact with the tracking link, unless the account turned that off. */
describe('the mail when an order ships', () => {
  let t: TestApp;
  let dataDir: string;
  let s: Awaited<ReturnType<typeof orderStatusSetup>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-shipped-'));
    t = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir } });
    s = await orderStatusSetup(t, NOW);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mails the contact once with the carrier, consignment and tracking link, not again for a retry', async () => {
    const dealer = await s.dealer('orders@dealer.test');
    const orderNumber = await s.placeOrder(dealer.calls);
    expect((await s.postStatus({ orderNumber, status: 'Accepted' })).statusCode).toBe(200);
    await t.app.sendQueuedMail();
    expect(readOutbox(dataDir).filter((mail) => mail.to === 'orders@dealer.test')).toEqual([]);
    expect((await s.postStatus({ orderNumber, ...SHIPPED }, { idempotencyKey: 'ship' })).statusCode).toBe(200);
    expect((await s.postStatus({ orderNumber, ...SHIPPED }, { idempotencyKey: 'ship' })).statusCode).toBe(200);
    await t.app.sendQueuedMail();
    const mails = readOutbox(dataDir).filter((mail) => mail.to === 'orders@dealer.test');
    expect(mails.map((mail) => mail.subject)).toEqual([`Your order ${orderNumber} has shipped`]);
    expect(mails[0]?.body).toContain('StarTrack');
    expect(mails[0]?.body).toContain('ST123456');
    expect(mails[0]?.body).toContain('https://track.example.test/ST123456');
  });

  it('sends nothing once the dealer turns shipping mail off in My account', async () => {
    const dealer = await s.dealer('quiet@dealer.test');
    const get = await t.app.inject({ method: 'GET', url: api('Account/Details'), headers: dealer.headers });
    const details = get.json() as AccountDetails;
    expect(details.preferences.mailWhenShipped).toBe(true);
    const saved = await t.app.inject({
      method: 'POST',
      url: api('Account/Details'),
      headers: dealer.headers,
      payload: {
        contactName: 'Quinn Quiet',
        phone: '03 9555 0100',
        email: details.email,
        deliveryAddress: details.deliveryAddress,
        billingSameAsDelivery: true,
        preferences: { ...details.preferences, mailWhenShipped: false },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as AccountDetails).preferences.mailWhenShipped).toBe(false);
    const orderNumber = await s.placeOrder(dealer.calls);
    expect((await s.postStatus({ orderNumber, ...SHIPPED })).statusCode).toBe(200);
    await t.app.sendQueuedMail();
    expect(readOutbox(dataDir).filter((mail) => mail.to === 'quiet@dealer.test')).toEqual([]);
  });
});

describe('a shipping mail that cannot be sent', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof orderStatusSetup>>;

  beforeAll(async () => {
    // Nothing listens on port 1: the mail fails at once.
    t = await createTestApp({ now: NOW, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    s = await orderStatusSetup(t, NOW);
  });
  afterAll(() => t.close());

  it('does not fail the status post: the mail waits in the outbox for the relay', async () => {
    const dealer = await s.dealer('unreachable@dealer.test');
    const orderNumber = await s.placeOrder(dealer.calls);
    const response = await s.postStatus({ orderNumber, ...SHIPPED });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ orderNumber, status: 'Shipped' });
    await t.app.sendQueuedMail();
    const [waiting] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.recipient, 'unreachable@dealer.test'));
    expect(waiting).toMatchObject({ state: 'retrying', attempts: 1, subject: `Your order ${orderNumber} has shipped` });
  });
});
