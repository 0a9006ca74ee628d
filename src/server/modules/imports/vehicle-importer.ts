import { asc, eq, inArray } from 'drizzle-orm';
import type { VehicleRow } from '../../../contract/imports';
import type { TyreFitment } from '../../../domain/tyre-size';
import type { Database } from '../../db/client';
import { vehicleMakes, vehicleTyreSizes, vehicles } from '../../db/schema';
import type { AppliedCounts, EntityImporter, ResolvedRow } from './import-entity';

interface VehicleSession {
  /** Make ids by upper-case name, kept in step as the job creates makes. */
  readonly makes: Map<string, number>;
  /** Vehicles the file's rows have given so far (make in upper case, model, series) → the line that gave each. */
  readonly claims: Map<string, number>;
}

type VehicleValues = Omit<typeof vehicles.$inferInsert, 'id'>;
type SizeValues = Omit<typeof vehicleTyreSizes.$inferInsert, 'id' | 'vehicleId'>;

const claimKey = (row: VehicleRow) => JSON.stringify([row.make.toUpperCase(), row.model, row.series]);
const vehicleKey = (makeId: number, model: string, series: string) => JSON.stringify([makeId, model, series]);

async function loadMakes(db: Database): Promise<VehicleSession> {
  const rows = await db.select({ id: vehicleMakes.id, name: vehicleMakes.name }).from(vehicleMakes);
  return { makes: new Map(rows.map((make) => [make.name.toUpperCase(), make.id])), claims: new Map() };
}

/** A vehicle given twice in one file is refused the second time: which of the two would hold is not the feed's say. */
async function resolveVehicles(
  _db: Database,
  session: VehicleSession,
  rows: readonly { line: number; row: VehicleRow }[],
): Promise<ResolvedRow<VehicleRow>[]> {
  return rows.map(({ line, row }) => {
    const key = claimKey(row);
    const claim = session.claims.get(key);
    if (claim !== undefined) {
      return { line, issue: { column: 'series', value: row.series, reason: `line ${claim} gives this vehicle` } };
    }
    session.claims.set(key, line);
    return { line, resolved: row };
  });
}

function vehicleValues(makeId: number, row: VehicleRow): VehicleValues {
  return {
    makeId,
    model: row.model,
    series: row.series,
    yearFrom: row.year_from,
    yearTo: row.year_to,
    pcd: row.pcd,
    centreBore: row.centre_bore,
    thread: row.thread,
    fastener: row.fastener,
    offsetMin: row.offset_min,
    offsetMax: row.offset_max,
    diameterMin: row.diameter_min,
    diameterMax: row.diameter_max,
    widthMin: row.width_min,
    widthMax: row.width_max,
    hasTpms: row.tpms,
    // Left out, a vehicle keeps what it was (a new one is active).
    ...(row.active === undefined ? {} : { active: row.active }),
  };
}

/** The file's sizes are the ones the vehicle came with, in the file's order. */
function sizeValues(fitments: readonly TyreFitment[]): SizeValues[] {
  return fitments.map(({ front, rear }, order) => ({
    width: front.width,
    profile: front.profile,
    diameter: front.diameter,
    rearWidth: rear?.width ?? null,
    rearProfile: rear?.profile ?? null,
    rearDiameter: rear?.diameter ?? null,
    isOriginal: true,
    sortOrder: order,
  }));
}

/** Whether the held record has every value given (numeric columns come back as numbers, like the file's). */
const holdsValues = (held: object, given: object) =>
  Object.entries(given).every(([field, value]) => (held as Record<string, unknown>)[field] === value);

/** The make's id, created when no make has its name in any case. */
async function makeIdOf(tx: Database, session: VehicleSession, name: string): Promise<number> {
  const known = session.makes.get(name.toUpperCase());
  if (known !== undefined) return known;
  const [created] = await tx.insert(vehicleMakes).values({ name }).returning({ id: vehicleMakes.id });
  if (!created) throw new Error('vehicle make not created');
  session.makes.set(name.toUpperCase(), created.id);
  return created.id;
}

/**
 * Upserts each vehicle by make, model and series, keeping its id (carts name vehicles by id), and replaces its sizes
 * when the file's differ. Vehicles are read from SQL on every request, not held by the catalogue's read model, so
 * every instance sees an import at once and nothing is announced.
 */
async function applyVehicles(
  tx: Database,
  session: VehicleSession,
  rows: readonly VehicleRow[],
): Promise<AppliedCounts> {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  if (rows.length === 0) return counts;
  const makeIds: number[] = [];
  for (const row of rows) makeIds.push(await makeIdOf(tx, session, row.make));
  const held = await tx
    .select()
    .from(vehicles)
    .where(inArray(vehicles.makeId, [...new Set(makeIds)]));
  const heldSizes =
    held.length === 0
      ? []
      : await tx
          .select()
          .from(vehicleTyreSizes)
          .where(
            inArray(
              vehicleTyreSizes.vehicleId,
              held.map((vehicle) => vehicle.id),
            ),
          )
          .orderBy(asc(vehicleTyreSizes.sortOrder), asc(vehicleTyreSizes.id));
  const byKey = new Map(held.map((vehicle) => [vehicleKey(vehicle.makeId, vehicle.model, vehicle.series), vehicle]));
  const sizesOf = (vehicleId: number) => heldSizes.filter((size) => size.vehicleId === vehicleId);

  for (const [index, row] of rows.entries()) {
    const values = vehicleValues(makeIds[index] as number, row);
    const sizes = sizeValues(row.tyre_sizes);
    const current = byKey.get(vehicleKey(values.makeId, values.model, values.series));
    if (!current) {
      const [created] = await tx.insert(vehicles).values(values).returning({ id: vehicles.id });
      if (!created) throw new Error('vehicle not created');
      await tx.insert(vehicleTyreSizes).values(sizes.map((size) => ({ ...size, vehicleId: created.id })));
      counts.created += 1;
      continue;
    }
    const currentSizes = sizesOf(current.id);
    const sizesSame =
      currentSizes.length === sizes.length && sizes.every((size, at) => holdsValues(currentSizes[at] as object, size));
    if (holdsValues(current, values) && sizesSame) {
      counts.unchanged += 1;
      continue;
    }
    await tx.update(vehicles).set(values).where(eq(vehicles.id, current.id));
    if (!sizesSame) {
      await tx.delete(vehicleTyreSizes).where(eq(vehicleTyreSizes.vehicleId, current.id));
      await tx.insert(vehicleTyreSizes).values(sizes.map((size) => ({ ...size, vehicleId: current.id })));
    }
    counts.updated += 1;
  }
  return counts;
}

export const vehicleImporter: EntityImporter<VehicleRow, VehicleRow, VehicleSession> = {
  begin: loadMakes,
  resolve: resolveVehicles,
  apply: applyVehicles,
};
