import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { CartState } from '../../src/contract/cart';
import { DEMO_PASSWORD } from '../../src/domain/demo-logins';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const catalogueSize = { tyres: 60, wheels: 30, merchandise: 20 };

describe('demo discount codes', () => {
  let t: TestApp;
  let dealer: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await seedDemoData(t.database.db, { now: NOW, catalogueSize });
    const signIn = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: 'dealer@demo.test', password: DEMO_PASSWORD },
    });
    dealer = { authorization: `Bearer ${(signIn.json() as AuthResult).token}` };
  });
  afterAll(() => t.close());

  const apply = (code: string) =>
    t.app.inject({ method: 'POST', url: api('Cart/Discount'), headers: dealer, payload: { code } });

  it('accepts the open-ended and the current seasonal code, in any case', async () => {
    for (const [entered, code] of [
      ['trade5', 'TRADE5'],
      ['Summer10', 'SUMMER10'],
    ] as const) {
      const answer = await apply(entered);
      expect(answer.statusCode, entered).toBe(200);
      expect((answer.json() as CartState).discountCode).toBe(code);
    }
  });

  it('refuses the expired and the not yet started code, saying which', async () => {
    for (const [code, reason] of [
      ['WINTER15', 'This discount code has expired.'],
      ['EOFY20', 'This discount code is not active yet.'],
    ]) {
      const answer = await apply(code as string);
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json()).toMatchObject({ validationErrors: [{ name: 'code', reason }] });
    }
  });
});
