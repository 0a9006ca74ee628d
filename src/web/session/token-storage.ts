import { z } from 'zod';
import type { SessionTokens } from '../../../machines/session';

export const SESSION_STORAGE_KEY = 'yhi.session';
const RETURN_URL_KEY = 'yhi.returnUrl';

const storedSessionSchema = z.object({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  impersonatorToken: z.string().min(1).nullable(),
  impersonatorRefresherToken: z.string().min(1).nullable().default(null),
  /** When the access token expires, ms since the epoch. */
  expiresAt: z.number().int().nonnegative().default(0),
});

export interface StoredSession {
  readonly tokens: SessionTokens;
  readonly expiresAt: number;
}

export function readStoredSession(storage: Storage = localStorage): StoredSession | null {
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null'));
    if (!parsed.success) return null;
    const { expiresAt, ...tokens } = parsed.data;
    return { tokens, expiresAt };
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession | null, storage: Storage = localStorage): void {
  if (session)
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session.tokens, expiresAt: session.expiresAt }));
  else storage.removeItem(SESSION_STORAGE_KEY);
}

/** The remembered returnUrl (SPEC.md §4: cleared on logout). */
export function readReturnUrl(storage: Storage = sessionStorage): string | null {
  return storage.getItem(RETURN_URL_KEY);
}

export function writeReturnUrl(returnUrl: string | null, storage: Storage = sessionStorage): void {
  if (returnUrl) storage.setItem(RETURN_URL_KEY, returnUrl);
  else storage.removeItem(RETURN_URL_KEY);
}

/** Stores tokens as a fresh sign-in would (the token lives `lifetimeMs` from now). */
export function writeStoredTokens(
  tokens: (Omit<SessionTokens, 'impersonatorRefresherToken'> & { impersonatorRefresherToken?: string | null }) | null,
  lifetimeMs = 86_400_000,
  storage: Storage = localStorage,
): void {
  writeStoredSession(
    tokens
      ? {
          tokens: { ...tokens, impersonatorRefresherToken: tokens.impersonatorRefresherToken ?? null },
          expiresAt: Date.now() + lifetimeMs,
        }
      : null,
    storage,
  );
}
