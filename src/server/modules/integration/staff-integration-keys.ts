import type { IntegrationScope } from '../../../contract/integration';
import type { StaffIntegrationKeyCreated, StaffIntegrationKeys } from '../../../contract/staff-integration';
import type { Database } from '../../db/client';
import { problems } from '../../http/problem';
import { recordStaffChange } from '../staff/staff-audit';
import {
  IntegrationKeyNameTakenError,
  createIntegrationKey,
  listIntegrationKeys,
  revokeIntegrationKey,
} from './integration-keys';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Staff/IntegrationKeys: every key, revoked ones too, as `npm run keys -- list` shows them. */
export async function staffIntegrationKeys(db: Database): Promise<StaffIntegrationKeys> {
  const keys = await listIntegrationKeys(db);
  return {
    keys: keys.map((key) => ({
      name: key.name,
      scopes: [...key.scopes],
      prefix: key.tokenPrefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: iso(key.lastUsedAt),
      revokedAt: iso(key.revokedAt),
    })),
  };
}

/**
 * Staff/IntegrationKeys (POST): a new key, audited in the same transaction. The audit records its name and scopes,
 * never the key, which is answered this once and kept only as a digest.
 */
export async function createStaffIntegrationKey(
  db: Database,
  staffId: number,
  body: { readonly name: string; readonly scopes: readonly IntegrationScope[] },
  now: Date,
): Promise<StaffIntegrationKeyCreated> {
  return db.transaction(async (tx) => {
    const created = await createIntegrationKey(tx, body.name, body.scopes).catch((error: unknown) => {
      throw error instanceof IntegrationKeyNameTakenError ? problems.conflict(error.message) : error;
    });
    await recordStaffChange(
      tx,
      staffId,
      {
        action: 'integration-key.created',
        subjectType: 'integration-key',
        subjectRef: created.name,
        before: null,
        after: { name: created.name, scopes: created.scopes },
      },
      now,
    );
    return { name: created.name, scopes: [...created.scopes], key: created.token };
  });
}

/** Staff/IntegrationKeyRevoke: the key is refused from its next call on, on every instance (read on each call). */
export async function revokeStaffIntegrationKey(db: Database, staffId: number, name: string, now: Date) {
  await db.transaction(async (tx) => {
    if (!(await revokeIntegrationKey(tx, name, now))) {
      throw problems.notFound(`No active integration key is named '${name}'.`);
    }
    await recordStaffChange(
      tx,
      staffId,
      {
        action: 'integration-key.revoked',
        subjectType: 'integration-key',
        subjectRef: name,
        before: { revokedAt: null },
        after: { revokedAt: now.toISOString() },
      },
      now,
    );
  });
  return staffIntegrationKeys(db);
}
