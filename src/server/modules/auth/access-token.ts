import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { SessionPrincipal } from './principal';

/** SPEC.md §9: default token lifetime 86400 s. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 86_400;
const ISSUER = 'yhi-trade-shop';

const claimsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('customer'),
    sub: z.string().regex(/^\d+$/),
    acc: z.number().int().positive(),
    imp: z.number().int().positive().nullable(),
    sid: z.string().min(1),
  }),
  z.object({ kind: z.literal('staff'), sub: z.string().regex(/^\d+$/), sid: z.string().min(1) }),
]);

/** A verified access token: who it names and the session (refresh family) it belongs to. */
export interface VerifiedAccessToken {
  readonly principal: SessionPrincipal;
  readonly sessionId: string;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

const verifyingKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The secret as an HS256 verifying key, imported once per secret: jose imports raw bytes again on every call, which
 * was a tenth of a signed-in request's own overhead. Only verification may use it (jose checks its algorithm).
 */
function verifyingKey(secret: string): Promise<CryptoKey> {
  let imported = verifyingKeys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    verifyingKeys.set(secret, imported);
  }
  return imported;
}

/** `sessionId` names the refresh family the token belongs to, so ending that family ends the token too. */
export async function signAccessToken(
  principal: SessionPrincipal,
  sessionId: string,
  secret: string,
  now: Date,
  lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const claims =
    principal.kind === 'customer'
      ? { kind: 'customer', acc: principal.accountId, imp: principal.impersonatorStaffId, sid: sessionId }
      : { kind: 'staff', sid: sessionId };
  const subject = String(principal.kind === 'customer' ? principal.userId : principal.staffId);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(key(secret));
}

/** How many verified tokens are remembered; past it the memory starts again (as session-liveness.ts does). */
const MAX_VERIFIED_TOKENS = 10_000;

interface Verified {
  readonly result: VerifiedAccessToken;
  /** The token's `exp` (seconds): a remembered token is refused from then on, compared as jose compares it. */
  readonly exp: number;
}

/**
 * Tokens whose signature and claims were verified, per secret: a signed-in client sends the same token with every
 * request, and WebCrypto's HMAC check (a round trip through its thread pool) was the largest share of a signed-in
 * request's own overhead. Only verified tokens are remembered, under the secret that verified them; expiry is checked
 * again at every use. Whether the session is still live stays session-liveness.ts's question, asked every time.
 */
const verifiedTokens = new Map<string, Map<string, Verified>>();

function remembered(token: string, secret: string, now: Date): VerifiedAccessToken | null | undefined {
  const verified = verifiedTokens.get(secret)?.get(token);
  if (!verified) return undefined;
  return verified.exp > Math.floor(now.getTime() / 1000) ? verified.result : null;
}

function remember(token: string, secret: string, verified: Verified): void {
  let tokens = verifiedTokens.get(secret);
  if (!tokens) {
    tokens = new Map();
    verifiedTokens.set(secret, tokens);
  }
  if (tokens.size >= MAX_VERIFIED_TOKENS) tokens.clear();
  tokens.set(token, verified);
}

/**
 * The principal of a valid, unexpired token; null for anything else (tampered, expired, malformed). Whether its
 * session is still live is session-liveness.ts's question.
 */
export async function verifyAccessToken(token: string, secret: string, now: Date): Promise<VerifiedAccessToken | null> {
  const known = remembered(token, secret, now);
  if (known !== undefined) return known;
  try {
    const { payload } = await jwtVerify(token, await verifyingKey(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const claims = claimsSchema.parse(payload);
    const principal: SessionPrincipal =
      claims.kind === 'customer'
        ? { kind: 'customer', userId: Number(claims.sub), accountId: claims.acc, impersonatorStaffId: claims.imp }
        : { kind: 'staff', staffId: Number(claims.sub) };
    const result = { principal, sessionId: claims.sid };
    if (typeof payload.exp === 'number') remember(token, secret, { result, exp: payload.exp });
    return result;
  } catch {
    return null;
  }
}
