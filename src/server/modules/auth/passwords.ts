import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Verifies against a stored hash; with no hash (unknown email) it still does the work,
 * so an unknown email takes as long to refuse as a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoyHash ??= hash('decoy password for unknown accounts');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
