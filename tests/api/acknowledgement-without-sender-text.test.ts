import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormReceipt } from '../../src/contract/forms';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { sentMail } from '../support/outbox';
import { type TestApp, api, createTestApp } from '../support/test-app';

const SHOP = 'trade-desk@yhi.test';
const PHISH = 'Your account is suspended call 1900 555 010 now';

describe('an acknowledgement to an address not confirmed as the sender carries none of their text', () => {
  let t: TestApp;
  let dataDir: string;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-ack-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir, SHOP_MAIL_TO: SHOP } });
    fixture = await createCatalogueFixture(t.database.db, t.clock.now);
    await t.app.catalogue.reload();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const acknowledgementOf = async (response: { statusCode: number; body: string }, to: string) => {
    expect(response.statusCode, response.body).toBe(200);
    const { reference } = JSON.parse(response.body) as FormReceipt;
    const sent = await sentMail(t.app, dataDir);
    const mail = sent.find((each) => each.to === to && each.subject.includes(reference));
    const desk = sent.find((each) => each.to === SHOP && each.body.includes(reference));
    return { mail, desk };
  };

  it('greets a stranger without the name they typed, on the contact form', async () => {
    const victim = 'victim-contact@example.test';
    const { mail, desk } = await acknowledgementOf(
      await t.app.inject({
        method: 'POST',
        url: api('Form/ContactUs'),
        payload: {
          name: PHISH,
          email: victim,
          topic: 'Pricing',
          message: 'Please call me back',
          captchaToken: 'local-captcha',
        },
      }),
      victim,
    );
    expect(mail?.body).toContain('Hello,\n');
    expect(mail?.body).not.toContain('suspended');
    expect(mail?.subject).not.toContain('suspended');
    expect(desk?.body).toContain(PHISH);
  });

  it('greets a stranger without the name they typed, on a product enquiry', async () => {
    const victim = 'victim-enquiry@example.test';
    const { mail } = await acknowledgementOf(
      await t.app.inject({
        method: 'POST',
        url: api('Form/ProductEnquiry'),
        payload: {
          productId: fixture.tyres.t1,
          name: PHISH,
          email: victim,
          message: 'Hello',
          captchaToken: 'local-captcha',
        },
      }),
      victim,
    );
    expect(mail?.body).toContain('Hello,\n');
    expect(mail?.body).not.toContain('suspended');
  });

  it("greets a signed-in customer by name at their own sign-in address, and not at someone else's", async () => {
    const customer = await createCustomer(t.database.db);
    const headers = bearer(await signIn(t.app, customer.email));
    const send = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: api('Form/ProductEnquiry'),
        headers,
        payload: { productId: fixture.tyres.t1, name: 'Sam Counter', email, message: 'Four for Friday, please' },
      });
    const own = (await acknowledgementOf(await send(customer.email), customer.email)).mail;
    expect(own?.body).toContain('Hello Sam Counter,');
    expect(own?.body).toContain('Four for Friday, please');
    const other = 'someone-else@example.test';
    const elsewhere = (await acknowledgementOf(await send(other), other)).mail;
    expect(elsewhere?.body).toContain('Hello,\n');
    expect(elsewhere?.body).not.toContain('Sam Counter');
  });
});
