import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { type IntegrationScope, integrationScopeSchema } from '../../../contract/integration';
import type { Database } from '../../db/client';
import { integrationKeys } from '../../db/schema';
import type { IntegrationCaller } from './integration-caller';

/** Every integration key starts so, which tells it from a user's JWT at a glance (and to secret scanners). */
export const INTEGRATION_KEY_PREFIX = 'yhi_ik_';
const SHOWN_PREFIX_LENGTH = INTEGRATION_KEY_PREFIX.length + 6;
/** Last use is written at most this often per key, so a busy feed does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * A key is 256 random bits, so one SHA-256 digest is enough to keep it: a slow password hash guards guessable secrets,
 * and nothing of this size can be guessed.
 */
function digestOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class IntegrationKeyNameTakenError extends Error {}

export interface CreatedIntegrationKey {
  readonly name: string;
  readonly scopes: readonly IntegrationScope[];
  /** The key itself: shown this once, never stored. */
  readonly token: string;
}

export async function createIntegrationKey(
  db: Database,
  name: string,
  scopes: readonly IntegrationScope[],
): Promise<CreatedIntegrationKey> {
  const token = `${INTEGRATION_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const inserted = await db
    .insert(integrationKeys)
    .values({
      name,
      scopes: [...scopes],
      tokenHash: digestOf(token),
      tokenPrefix: token.slice(0, SHOWN_PREFIX_LENGTH),
    })
    .onConflictDoNothing({ target: integrationKeys.name })
    .returning({ id: integrationKeys.id });
  if (inserted.length === 0) throw new IntegrationKeyNameTakenError(`A key named '${name}' already exists.`);
  return { name, scopes, token };
}

/** Scopes as stored, kept to the ones this version knows: a scope since withdrawn grants nothing. */
function knownScopes(stored: readonly string[]): IntegrationScope[] {
  return stored.flatMap((scope) => {
    const parsed = integrationScopeSchema.safeParse(scope);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The caller a key names, or null for an unknown or revoked key. Read from the database on every call, so a
 * revocation holds at once on every instance.
 */
export async function findIntegrationCaller(db: Database, token: string, now: Date): Promise<IntegrationCaller | null> {
  if (!token.startsWith(INTEGRATION_KEY_PREFIX)) return null;
  const [key] = await db
    .select({ id: integrationKeys.id, name: integrationKeys.name, scopes: integrationKeys.scopes })
    .from(integrationKeys)
    .where(and(eq(integrationKeys.tokenHash, digestOf(token)), isNull(integrationKeys.revokedAt)));
  if (!key) return null;
  await db
    .update(integrationKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(integrationKeys.id, key.id),
        or(
          isNull(integrationKeys.lastUsedAt),
          lt(integrationKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
        ),
      ),
    );
  return { keyId: key.id, keyName: key.name, scopes: knownScopes(key.scopes) };
}

/** Revokes a key by name; answers whether a live key of that name was found. */
export async function revokeIntegrationKey(db: Database, name: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(integrationKeys)
    .set({ revokedAt: now })
    .where(and(eq(integrationKeys.name, name), isNull(integrationKeys.revokedAt)))
    .returning({ id: integrationKeys.id });
  return revoked.length > 0;
}

export interface IntegrationKeyListing {
  readonly name: string;
  readonly tokenPrefix: string;
  readonly scopes: readonly IntegrationScope[];
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
}

export async function listIntegrationKeys(db: Database): Promise<IntegrationKeyListing[]> {
  const rows = await db.select().from(integrationKeys).orderBy(asc(integrationKeys.name));
  return rows.map((row) => ({
    name: row.name,
    tokenPrefix: row.tokenPrefix,
    scopes: knownScopes(row.scopes),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  }));
}

/** What a key may see of itself. */
export async function integrationKeyInfo(db: Database, keyId: number) {
  const [row] = await db.select().from(integrationKeys).where(eq(integrationKeys.id, keyId));
  if (!row) throw new Error(`integration key ${keyId} not found`);
  return {
    name: row.name,
    scopes: knownScopes(row.scopes),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
