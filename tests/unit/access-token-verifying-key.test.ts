import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../src/server/modules/auth/access-token';
import type { SessionPrincipal } from '../../src/server/modules/auth/principal';

const dealer: SessionPrincipal = { kind: 'customer', userId: 7, accountId: 3, impersonatorStaffId: null };
const now = new Date('2026-11-24T00:00:00Z');

describe('access tokens verified with a key imported once per secret, and remembered once verified', () => {
  it('accepts a token under its own secret, again and again, and refuses it under another secret', async () => {
    const token = await signAccessToken(dealer, 'family-1', 'first secret', now);
    for (let i = 0; i < 3; i++)
      expect(await verifyAccessToken(token, 'first secret', now)).toEqual({ principal: dealer, sessionId: 'family-1' });
    expect(await verifyAccessToken(token, 'second secret', now)).toBeNull();
    const other = await signAccessToken(dealer, 'family-2', 'second secret', now);
    expect(await verifyAccessToken(other, 'second secret', now)).toEqual({ principal: dealer, sessionId: 'family-2' });
    expect(await verifyAccessToken(other, 'first secret', now)).toBeNull();
  });

  it('refuses a remembered token from the second it expires, as jose does, and a tampered copy of it', async () => {
    const token = await signAccessToken(dealer, 'family-1', 'first secret', now, 60);
    expect(await verifyAccessToken(token, 'first secret', now)).not.toBeNull();
    expect(await verifyAccessToken(token, 'first secret', new Date(now.getTime() + 59_999))).not.toBeNull();
    expect(await verifyAccessToken(token, 'first secret', new Date(now.getTime() + 60_000))).toBeNull();
    expect(await verifyAccessToken(token, 'first secret', new Date(now.getTime() + 61_000))).toBeNull();
    const unseen = await signAccessToken(dealer, 'family-3', 'first secret', now, 60);
    expect(await verifyAccessToken(unseen, 'first secret', new Date(now.getTime() + 60_000))).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), acc: 4 }),
    ).toString('base64url');
    expect(await verifyAccessToken(`${header}.${forged}.${signature}`, 'first secret', now)).toBeNull();
  });
});
