import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../src/server/db/schema';
import { signedInCustomer } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('discount codes cannot be guessed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { DISCOUNT_CODE_FAILURES_PER_ACCOUNT: '3', DISCOUNT_CODE_FAILURES_PER_ADDRESS: '5' },
    });
    await t.database.db.insert(discountCodes).values({ code: 'REAL10', label: '10% off', discountBasisPoints: 1000 });
  });
  afterAll(() => t.close());

  const customerHeaders = async () => signedInCustomer(t.app, t.database.db);
  const tryCode = (headers: Record<string, string>, code: string, from: string, path = 'Cart/Discount') =>
    t.app
      .inject({ method: 'POST', url: api(path), headers, remoteAddress: from, payload: { code } })
      .then((r) => r.statusCode);

  it('refuses every code for an account that failed its share, from any address, on the cart and the checkout', async () => {
    const headers = await customerHeaders();
    expect(await tryCode(headers, 'REAL10', '192.0.2.1')).toBe(200);
    for (const guess of ['GUESS1', 'GUESS2', 'GUESS3']) expect(await tryCode(headers, guess, '192.0.2.1')).toBe(400);
    expect(await tryCode(headers, 'GUESS4', '192.0.2.1')).toBe(429);
    expect(await tryCode(headers, 'REAL10', '192.0.2.2')).toBe(429);
    expect(await tryCode(headers, 'REAL10', '192.0.2.3', 'Checkout/Discount')).toBe(429);
  });

  it('refuses every code from an address that failed its share, whichever account guesses', async () => {
    const from = '198.51.100.20';
    for (let account = 0; account < 5; account += 1)
      expect(await tryCode(await customerHeaders(), `WRONG${account}`, from)).toBe(400);
    expect(await tryCode(await customerHeaders(), 'REAL10', from)).toBe(429);
    expect(await tryCode(await customerHeaders(), 'REAL10', '198.51.100.21')).toBe(200);
  });
});
