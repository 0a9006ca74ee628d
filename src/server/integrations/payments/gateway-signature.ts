import { createHmac, timingSafeEqual } from 'node:crypto';

/** The field that carries the signature of every other field. */
export const SIGNATURE_FIELD = 'signature';

/**
 * HMAC-SHA256 (hex) of every field except the signature, taken as a JSON list of [key, value] sorted by key (so no
 * value can pass for another field), keyed with the secret the shop shares with the hosted payment page
 * (PAYMENT_GATEWAY_SECRET). Both directions use it: the shop signs what the browser carries to the page, the page
 * signs what it calls back with.
 */
export function signFields(secret: string, fields: Readonly<Record<string, string>>): string {
  const canonical = JSON.stringify(
    Object.keys(fields)
      .filter((key) => key !== SIGNATURE_FIELD)
      .sort()
      .map((key) => [key, fields[key] ?? '']),
  );
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

/** The fields with their signature added. */
export function signed(secret: string, fields: Readonly<Record<string, string>>): Record<string, string> {
  return { ...fields, [SIGNATURE_FIELD]: signFields(secret, fields) };
}

/** True when `fields` carry a signature of exactly the other fields, made with the secret. */
export function hasValidSignature(secret: string, fields: Readonly<Record<string, string>>): boolean {
  const given = Buffer.from(fields[SIGNATURE_FIELD] ?? '', 'utf8');
  const expected = Buffer.from(signFields(secret, fields), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
