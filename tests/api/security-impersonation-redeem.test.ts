import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { impersonationAudit } from '../../src/server/db/schema';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('an impersonation link is redeemed only by the staff member who minted it', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  let minter: AuthResult;
  let minterId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' } });
    customer = await createCustomer(t.database.db);
    const staffUser = await createStaff(t.database.db);
    minterId = staffUser.id;
    minter = await signInStaff(t.app, staffUser.email);
  });
  afterAll(() => t.close());

  const mint = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Staff/ImpersonationToken'),
      headers: bearer(minter),
      payload: { accountId: customer.account.id },
    });
    return response.json<{ token: string }>().token;
  };
  const redeem = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: api('Authenticate/Impersonate'),
      headers,
      payload: { token, captchaToken: 'local-captcha' },
    });

  it('refuses a redemption without credentials, and the link stays usable for its owner', async () => {
    const token = await mint();
    const anonymous = await redeem(token);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('impersonatorToken');
    expect((await redeem(token, bearer(minter))).statusCode).toBe(200);
  });

  it('refuses a colleague and a customer', async () => {
    const token = await mint();
    const colleague = await signInStaff(t.app, (await createStaff(t.database.db)).email);
    expect((await redeem(token, bearer(colleague))).statusCode).toBe(403);
    const someCustomer = await signIn(t.app, customer.email);
    expect((await redeem(token, bearer(someCustomer))).statusCode).toBe(403);
    expect((await redeem(token, bearer(minter))).statusCode).toBe(200);
  });

  it('records who redeemed the link', async () => {
    const token = await mint();
    expect((await redeem(token, bearer(minter))).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(impersonationAudit)
      .where(
        and(eq(impersonationAudit.staffId, minterId), eq(impersonationAudit.path, '/yhi/api/Authenticate/Impersonate')),
      );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows[0]).toMatchObject({ accountId: customer.account.id, userId: customer.user.id, status: 200 });
  });
});
