import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/contract/problem';
import { discountCodes } from '../../src/server/db/schema';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const DAY_MS = 86_400_000;

describe('Cart/Discount and Checkout/Discount refuse a code for the same reason', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.database.db.insert(discountCodes).values([
      { code: 'GONE10', label: '10% off', discountBasisPoints: 1_000, endsAt: new Date(NOW.getTime() - DAY_MS) },
      { code: 'SOON10', label: '10% off', discountBasisPoints: 1_000, startsAt: new Date(NOW.getTime() + DAY_MS) },
    ]);
    const customer = await createCustomer(t.database.db, { state: 'VIC' });
    headers = bearer(await signIn(t.app, customer.email));
  });
  afterAll(() => t.close());

  const refusal = async (path: string, code: string) => {
    const response = await t.app.inject({ method: 'POST', url: api(path), headers, payload: { code } });
    expect(response.statusCode, `${path} ${code}: ${response.body}`).toBe(400);
    const { detail, validationErrors } = response.json() as Problem;
    return { detail, validationErrors };
  };

  it.each([
    ['expired', 'gone10', 'This discount code has expired.'],
    ['not started', 'Soon10', 'This discount code is not active yet.'],
    ['unknown', 'NOSUCH', 'This discount code is not valid.'],
  ])('an %s code (%s): "%s" from both, under the field', async (_kind, code, reason) => {
    const expected = { detail: reason, validationErrors: [{ name: 'code', reason }] };
    expect(await refusal('Cart/Discount', code)).toEqual(expected);
    expect(await refusal('Checkout/Discount', code)).toEqual(expected);
  });
});
