import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks writes a signing secret so: the prefix, then the key in base64. */
export const SECRET_PREFIX = 'whsec_';

/** A new endpoint's signing secret: 256 random bits. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of the Standard Webhooks specification: version 1, an HMAC-SHA256 with the secret's
 * key over `id.timestamp.body`, in base64. The body is signed exactly as sent.
 */
export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}
