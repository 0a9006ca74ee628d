import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditLimit } from '../../src/contract/account';
import { creditPosition } from '../../src/server/modules/account/credit';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('an account on hold has reached its credit limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-11-22T02:00:00Z') });
  });
  afterAll(() => t.close());

  it('has nothing available to order on account, whatever its limit', async () => {
    const customer = await createCustomer(t.database.db, { creditLimitCents: 1_000_000, onHold: true });
    const headers = bearer(await signIn(t.app, customer.email));
    expect(await creditPosition(t.database.db, customer.account.id)).toEqual({
      limitCents: 1_000_000,
      usedCents: 0,
      availableCents: 0,
    });
    const response = await t.app.inject({ method: 'GET', url: api('Account/CreditLimit'), headers });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as CreditLimit).isLimitReached).toBe(true);
  });
});
