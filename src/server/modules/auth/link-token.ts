import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The secret half of a mailed link: random, shown once, stored only as its hash. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares a stored hash with a presented token's in constant time. */
export function linkTokenMatches(storedHash: string, token: string): boolean {
  const presented = hashLinkToken(token);
  return storedHash.length === presented.length && timingSafeEqual(Buffer.from(storedHash), Buffer.from(presented));
}

/** A link of the shop's: `page` with the three parts SPEC.md §3 names (Token, Email, Guid). */
export function passwordLinkUrl(
  publicUrl: string,
  page: string,
  parts: { token: string; email: string; guid: string },
) {
  const query = new URLSearchParams({ Token: parts.token, Email: parts.email, Guid: parts.guid });
  return `${publicUrl}${page}?${query.toString()}`;
}
