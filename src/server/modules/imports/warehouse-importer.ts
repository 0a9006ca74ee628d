import { eq, sql } from 'drizzle-orm';
import type { WarehouseRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { warehouses } from '../../db/schema';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { AppliedCounts, EntityImporter, ResolvedRow } from './import-entity';

interface WarehouseRecord {
  readonly id: number;
  readonly code: string | null;
  readonly name: string;
  readonly kind: 'own' | 'supplier';
  readonly state: string | null;
  readonly dispatchCutoff: string;
  readonly transitDays: number;
}

interface WarehouseSession {
  /** Every warehouse as the job last wrote it, kept in step as rows apply. */
  readonly byId: Map<number, WarehouseRecord>;
  /** Names the file's rows have given so far (upper case) → the code and line that gave each. */
  readonly claims: Map<string, { readonly code: string; readonly line: number }>;
}

const upper = (text: string) => text.toUpperCase();

async function loadWarehouses(db: Database): Promise<WarehouseSession> {
  const rows = await db
    .select({
      id: warehouses.id,
      code: warehouses.code,
      name: warehouses.name,
      kind: warehouses.kind,
      state: warehouses.state,
      dispatchCutoff: warehouses.dispatchCutoff,
      transitDays: warehouses.transitDays,
    })
    .from(warehouses);
  return { byId: new Map(rows.map((row) => [row.id, row])), claims: new Map() };
}

/** The warehouse a row is about: the one with its code, else one of its name that has no code yet (adopted). */
function targetOf(session: WarehouseSession, row: WarehouseRow): WarehouseRecord | undefined {
  const all = [...session.byId.values()];
  return (
    all.find((warehouse) => warehouse.code !== null && upper(warehouse.code) === upper(row.code)) ??
    all.find((warehouse) => warehouse.code === null && upper(warehouse.name) === upper(row.name))
  );
}

async function resolveWarehouses(
  _db: Database,
  session: WarehouseSession,
  rows: readonly { line: number; row: WarehouseRow }[],
): Promise<ResolvedRow<WarehouseRow>[]> {
  return rows.map(({ line, row }) => {
    const claim = session.claims.get(upper(row.name));
    if (claim && upper(claim.code) !== upper(row.code)) {
      return {
        line,
        issue: { column: 'name', value: row.name, reason: `line ${claim.line} gives this name to ${claim.code}` },
      };
    }
    const target = targetOf(session, row);
    const namesake = [...session.byId.values()].find(
      (warehouse) =>
        upper(warehouse.name) === upper(row.name) && warehouse.id !== target?.id && warehouse.code !== null,
    );
    if (namesake) {
      return {
        line,
        issue: { column: 'name', value: row.name, reason: `warehouse ${namesake.code} has this name` },
      };
    }
    session.claims.set(upper(row.name), { code: row.code, line });
    return { line, resolved: row };
  });
}

/** Upserts by code; a change of warehouses reloads every instance's catalogue once (they change rarely). */
async function applyWarehouses(
  tx: Database,
  session: WarehouseSession,
  rows: readonly WarehouseRow[],
): Promise<AppliedCounts> {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const row of rows) {
    const target = targetOf(session, row);
    const named = { code: row.code, name: row.name, kind: row.kind, state: row.state };
    const dispatch = {
      ...(row.dispatch_cutoff === undefined ? {} : { dispatchCutoff: row.dispatch_cutoff }),
      ...(row.transit_days === undefined ? {} : { transitDays: row.transit_days }),
    };
    if (!target) {
      const [created] = await tx
        .insert(warehouses)
        .values({ ...named, ...dispatch, sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from warehouses)` })
        .returning({
          id: warehouses.id,
          dispatchCutoff: warehouses.dispatchCutoff,
          transitDays: warehouses.transitDays,
        });
      if (!created) throw new Error('warehouse not created');
      session.byId.set(created.id, { ...created, ...named });
      counts.created += 1;
    } else if (
      Object.entries({ ...named, ...dispatch }).some(([key, value]) => target[key as keyof WarehouseRecord] !== value)
    ) {
      const values = { ...named, ...dispatch };
      await tx.update(warehouses).set(values).where(eq(warehouses.id, target.id));
      session.byId.set(target.id, { ...target, ...values });
      counts.updated += 1;
    } else {
      counts.unchanged += 1;
    }
  }
  if (counts.created + counts.updated > 0) await announceCatalogueChange(tx, { kind: 'all' });
  return counts;
}

export const warehouseImporter: EntityImporter<WarehouseRow, WarehouseRow, WarehouseSession> = {
  begin: loadWarehouses,
  resolve: resolveWarehouses,
  apply: applyWarehouses,
};
