import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerPromotionRequest } from '../../src/contract/dealer';
import type { FormReceipt } from '../../src/contract/forms';
import type { PitPass } from '../../src/contract/pit-pass';
import type { Problem } from '../../src/contract/problem';
import { pitPassEntries, programSubmissions } from '../../src/server/db/schema';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { sentMail } from '../support/outbox';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const DAY_MS = 86_400_000;
const SHOP = 'programs@yhi.test';
const contact = { contactName: 'Dana Dealer', contactEmail: 'dana@dealer.example' };

const marshalClaim = (invoiceNumber: string, quantity: number): DealerPromotionRequest => ({
  program: 'marshall',
  action: 'Claim',
  invoiceNumber,
  quantity,
  ...contact,
});
const michelinSignUp: DealerPromotionRequest = {
  program: 'Michelin',
  action: 'SignUp',
  promotion: 'MIC-4X4-SHOWCASE',
  expectedUnits: 40,
  ...contact,
};
const redeem = (quantity: number): DealerPromotionRequest => ({
  program: 'PitPass',
  action: 'Redeem',
  reward: 'WORKSHOP-JACKET',
  quantity,
  ...contact,
});

describe('dealer programs: PitPass/Get and Dealer/Promotion by flag', () => {
  let t: TestApp;
  let dataDir: string;
  let dealer: { headers: Record<string, string>; accountId: number; invoiceNumber: string };
  let plain: Record<string, string>;
  let pitPassOnly: Record<string, string>;
  let foreignInvoiceNumber: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-programs-'));
    t = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir, SHOP_MAIL_TO: SHOP } });
    const { db } = t.database;
    const all = await createCustomer(db, {
      code: 'C88001',
      isMarshalKeyDealer: true,
      isAssociateDealer: true,
      hasPitPass: true,
    });
    const invoice = await createInvoice(db, all.account.id, {
      issuedAt: new Date(NOW.getTime() - 10 * DAY_MS),
      lines: [
        { category: 'Tyres', brand: 'Marshal', quantity: 4, unitPriceCents: 12_000 },
        { category: 'Tyres', brand: 'Marshal', quantity: 2, unitPriceCents: 15_000 },
        { category: 'Tyres', brand: 'Michelin', quantity: 4, unitPriceCents: 25_000 },
      ],
    });
    dealer = {
      headers: bearer(await signIn(t.app, all.email)),
      accountId: all.account.id,
      invoiceNumber: invoice.invoiceNumber,
    };
    await db.insert(pitPassEntries).values([
      {
        accountId: all.account.id,
        occurredAt: new Date(NOW.getTime() - 400 * DAY_MS),
        description: 'Welcome to Pit Pass',
        points: 500,
      },
      {
        accountId: all.account.id,
        occurredAt: new Date(NOW.getTime() - 100 * DAY_MS),
        description: 'Purchase INV1',
        points: 5_200,
        invoiceId: invoice.id,
      },
      {
        accountId: all.account.id,
        occurredAt: new Date(NOW.getTime() - 50 * DAY_MS),
        description: 'Redeemed 1 × $100 fuel card',
        points: -4_000,
      },
    ]);
    const none = await createCustomer(db);
    plain = bearer(await signIn(t.app, none.email));
    const onlyPitPass = await createCustomer(db, { hasPitPass: true });
    pitPassOnly = bearer(await signIn(t.app, onlyPitPass.email));
    foreignInvoiceNumber = (await createInvoice(db, none.account.id, { issuedAt: NOW })).invoiceNumber;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const pitPass = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: api('PitPass/Get'), headers });
  const promote = (headers: Record<string, string>, payload: DealerPromotionRequest | object) =>
    t.app.inject({ method: 'POST', url: api('Dealer/Promotion'), headers, payload });

  describe('PitPass/Get', () => {
    it('answers the balance, the tier from the last 12 months of earning, the next tier and the history newest first', async () => {
      const response = await pitPass(dealer.headers);
      expect(response.statusCode, response.body).toBe(200);
      const standing = response.json() as PitPass;
      expect(standing).toMatchObject({
        accountCode: 'C88001',
        points: 1_700,
        tierPoints: 5_200,
        tier: 'Silver',
        nextTier: { tier: 'Gold', pointsNeeded: 6_800 },
      });
      expect(standing.history.map((entry) => [entry.description, entry.points])).toEqual([
        ['Redeemed 1 × $100 fuel card', -4_000],
        ['Purchase INV1', 5_200],
        ['Welcome to Pit Pass', 500],
      ]);
    });

    it('refuses an account outside Pit Pass with 403', async () => {
      const response = await pitPass(plain);
      expect(response.statusCode).toBe(403);
      expect((response.json() as Problem).detail).toBe('Your account is not in the Pit Pass loyalty program.');
    });
  });

  describe('Dealer/Promotion', () => {
    it('takes a Marshal claim for the Marshal tyres on an invoice: stored, acknowledged and mailed to dealer and shop', async () => {
      const before = (await sentMail(t.app, dataDir)).length;
      const response = await promote(dealer.headers, marshalClaim(dealer.invoiceNumber.toLowerCase(), 6));
      expect(response.statusCode, response.body).toBe(200);
      const receipt = response.json() as FormReceipt;
      expect(receipt.reference).toMatch(/^MK-[2-9A-HJ-NP-Z]{6}$/);
      expect(receipt.message).toContain(receipt.reference);
      const [row] = await t.database.db
        .select()
        .from(programSubmissions)
        .where(eq(programSubmissions.reference, receipt.reference));
      expect(row).toMatchObject({ accountId: dealer.accountId, program: 'marshall', action: 'Claim' });
      expect(row?.payload).toMatchObject({ quantity: 6 });
      const mails = (await sentMail(t.app, dataDir)).slice(before);
      expect(mails.map((mail) => mail.to).sort()).toEqual([contact.contactEmail, SHOP].sort());
      for (const mail of mails) expect(mail.subject).toContain(receipt.reference);
      // The contact address was typed in, not the sign-in address: only the shop's copy repeats the claim.
      expect(mails.find((mail) => mail.to === SHOP)?.body).toContain(dealer.invoiceNumber);
      expect(mails.find((mail) => mail.to === contact.contactEmail)?.body).not.toContain(dealer.invoiceNumber);
    });

    it('refuses a claim for more Marshal tyres than the invoice holds, or on an invoice of another account', async () => {
      const tooMany = await promote(dealer.headers, marshalClaim(dealer.invoiceNumber, 7));
      expect(tooMany.statusCode).toBe(400);
      expect((tooMany.json() as Problem).validationErrors).toEqual([
        { name: 'quantity', reason: 'Claim at most the 6 Marshal tyres on this invoice' },
      ]);
      const foreign = await promote(dealer.headers, marshalClaim(foreignInvoiceNumber, 1));
      expect(foreign.statusCode).toBe(400);
      expect((foreign.json() as Problem).validationErrors.map((error) => error.name)).toEqual(['invoiceNumber']);
    });

    it('signs up to a Michelin promotion once', async () => {
      const first = await promote(dealer.headers, michelinSignUp);
      expect(first.statusCode, first.body).toBe(200);
      expect((first.json() as FormReceipt).reference).toMatch(/^MA-/);
      const again = await promote(dealer.headers, michelinSignUp);
      expect(again.statusCode).toBe(409);
    });

    it('spends Pit Pass points on a reward, and refuses a redemption the balance does not cover', async () => {
      const response = await promote(dealer.headers, redeem(1));
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as FormReceipt).message).toContain('You have 200 points left.');
      const after = (await pitPass(dealer.headers)).json() as PitPass;
      expect(after.points).toBe(200);
      expect(after.tier).toBe('Silver');
      expect(after.history[0]).toMatchObject({ points: -1_500 });
      expect(after.history[0]?.description).toMatch(/^Redeemed 1 × Pit Pass workshop jacket \(PP-/);

      const broke = await promote(dealer.headers, redeem(1));
      expect(broke.statusCode).toBe(400);
      expect((broke.json() as Problem).validationErrors.map((error) => error.name)).toEqual(['quantity']);
      expect(((await pitPass(dealer.headers)).json() as PitPass).points).toBe(200);
    });

    it('answers 403 for a program the account is not in, whatever else it belongs to, and stores nothing', async () => {
      const count = async () => (await t.database.db.select().from(programSubmissions)).length;
      const before = await count();
      for (const [headers, payload] of [
        [plain, marshalClaim(foreignInvoiceNumber, 1)],
        [plain, michelinSignUp],
        [plain, redeem(1)],
        [pitPassOnly, marshalClaim(foreignInvoiceNumber, 1)],
        [pitPassOnly, michelinSignUp],
      ] as const) {
        const response = await promote(headers, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      }
      expect(await count()).toBe(before);
    });

    it('refuses an unknown program or a body that does not fit its program with 400', async () => {
      const unknown = await promote(dealer.headers, { program: 'Goodyear', action: 'Claim', ...contact });
      expect(unknown.statusCode).toBe(400);
      const unfit = await promote(dealer.headers, { program: 'marshall', action: 'Claim', quantity: 0, ...contact });
      expect(unfit.statusCode).toBe(400);
      const names = (unfit.json() as Problem).validationErrors.map((error) => error.name).sort();
      expect(names).toEqual(['invoiceNumber', 'quantity']);
    });
  });
});
