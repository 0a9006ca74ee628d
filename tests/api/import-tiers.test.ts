import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { accountDiscountTiers, discountTierRates, discountTiers } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { type TestApp, api, createTestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * Brand tiers (a tier's percentage off each brand) and account tiers (which tier an account is on): T1 is Alpha at
 * $200 trade, T3 Bravo at $150.
 */
describe('importing brand tiers and account tiers', () => {
  let t: TestApp;
  let importFile: FileImporter;
  let accountId: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await createCatalogueFixture(t.database.db, NOW);
    const customer = await createCustomer(t.database.db, { code: 'C77001' });
    accountId = customer.account.id;
    headers = bearer(await signIn(t.app, customer.email));
    importFile = await createFileImporter(t, NOW);
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
  });

  const prices = async () => {
    const response = await t.app.inject({ method: 'POST', url: api('Tyre/Search'), headers, payload: {} });
    expect(response.statusCode).toBe(200);
    const items = (response.json() as TradeTyreResults).items;
    return ['T1', 'T3'].map((sku) => items.find((item) => item.sku === sku)?.priceCents);
  };
  const ratesOf = (tier: string) =>
    t.database.db
      .select({ brand: discountTierRates.brand, discountBasisPoints: discountTierRates.discountBasisPoints })
      .from(discountTierRates)
      .innerJoin(discountTiers, eq(discountTiers.id, discountTierRates.tierId))
      .where(eq(discountTiers.name, tier))
      .orderBy(asc(discountTierRates.brand));

  it("creates a new tier with its brands' discounts in basis points, in the catalogue's spelling of the brand", async () => {
    const { job, refused } = await importFile(
      'brand-tiers',
      'tier,brand,discount\nPartner,alpha,7.5\nPartner,Bravo,12\nPartner,Bravo,x\nPartner,Charlie,100.5\nGold,Bravo,5\n',
    );
    expect(refused).toEqual([
      'line 4: discount: is not a percentage such as 7.5',
      'line 5: discount: is more than 100',
    ]);
    expect(job.counts).toMatchObject({ read: 5, created: 3, updated: 0, unchanged: 0, failed: 2 });
    expect(await ratesOf('Partner')).toEqual([
      { brand: 'Alpha', discountBasisPoints: 750 },
      { brand: 'Bravo', discountBasisPoints: 1_200 },
    ]);
    const again = await importFile('brand-tiers', 'tier,brand,discount\nPartner,Alpha,7.5\nPartner,Bravo,12\n');
    expect(again.job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('puts an account on a tier, names unknown accounts and tiers, and the account is priced by it at once', async () => {
    expect(await prices()).toEqual([20_000, 15_000]);
    const { job, refused } = await importFile(
      'account-tiers',
      'account,tier\nc77001,partner\nC99999,Gold\nC77001,Diamond\n',
    );
    expect(refused).toEqual(['line 3: account: no account has this code', 'line 4: tier: no tier has this name']);
    expect(job.counts).toMatchObject({ created: 1, failed: 2 });
    await eventually(async () => JSON.stringify(await prices()) === JSON.stringify([18_500, 13_200]));
    const again = await importFile('account-tiers', 'account,tier\nC77001,Partner\n');
    expect(again.job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it("a changed tier discount reprices the tier's accounts; an empty discount removes it", async () => {
    const { job } = await importFile('brand-tiers', 'tier,brand,discount\nPartner,Alpha,10\nPartner,Bravo,\n');
    expect(job.counts).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    await eventually(async () => JSON.stringify(await prices()) === JSON.stringify([18_000, 15_000]));
  });

  it('moves an account to another tier, and an empty tier takes it off any', async () => {
    const moved = await importFile('account-tiers', 'account,tier\nC77001,Gold\n');
    expect(moved.job.counts).toMatchObject({ updated: 1 });
    // Gold: 10% off Alpha, 5% off Bravo.
    await eventually(async () => JSON.stringify(await prices()) === JSON.stringify([18_000, 14_250]));
    const off = await importFile('account-tiers', 'account,tier\nC77001,\n');
    expect(off.job.counts).toMatchObject({ updated: 1 });
    expect(
      await t.database.db.select().from(accountDiscountTiers).where(eq(accountDiscountTiers.accountId, accountId)),
    ).toEqual([]);
    await eventually(async () => JSON.stringify(await prices()) === JSON.stringify([20_000, 15_000]));
  });
});
