import { and, asc, eq, exists } from 'drizzle-orm';
import type { Vehicle, WheelDefinitions } from '../../../contract/catalogue-vehicles';
import { formatTyreSize } from '../../../domain/tyre-size';
import type { Database } from '../../db/client';
import { vehicleMakes, vehicleTyreSizes, vehicles } from '../../db/schema';
import { problems } from '../../http/problem';

/** Makes with at least one vehicle not retired. */
export async function vehicleMakeOptions(db: Database) {
  const rows = await db
    .select()
    .from(vehicleMakes)
    .where(
      exists(
        db
          .select({ id: vehicles.id })
          .from(vehicles)
          .where(and(eq(vehicles.makeId, vehicleMakes.id), eq(vehicles.active, true))),
      ),
    )
    .orderBy(asc(vehicleMakes.name));
  return rows.map((make) => ({ key: make.id, label: make.name }));
}

const yearsOf = (from: number, to: number | null) => (to === null ? `${from}-on` : `${from}-${to}`);

/** Models of a make; each model lists its series not retired, keyed by vehicle id. An unknown make has no models. */
export async function vehicleModelOptions(db: Database, makeId: number) {
  const rows = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.makeId, makeId), eq(vehicles.active, true)))
    .orderBy(asc(vehicles.model), asc(vehicles.series), asc(vehicles.id));
  const models = new Map<
    string,
    { key: string; label: string; series: { key: number; label: string; years: string }[] }
  >();
  for (const row of rows) {
    const model = models.get(row.model) ?? { key: row.model, label: row.model, series: [] };
    model.series.push({ key: row.id, label: row.series, years: yearsOf(row.yearFrom, row.yearTo) });
    models.set(row.model, model);
  }
  return [...models.values()];
}

async function vehicleRow(db: Database, vehicleId: number) {
  const [row] = await db
    .select({ vehicle: vehicles, makeName: vehicleMakes.name })
    .from(vehicles)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicles.makeId))
    .where(eq(vehicles.id, vehicleId));
  if (!row) throw problems.notFound('No vehicle has that id.');
  return row;
}

function vehicleOf(row: Awaited<ReturnType<typeof vehicleRow>>): Vehicle {
  return {
    id: row.vehicle.id,
    makeId: row.vehicle.makeId,
    makeName: row.makeName,
    model: row.vehicle.model,
    series: row.vehicle.series,
  };
}

export async function vehicleTyreDefinitions(db: Database, vehicleId: number) {
  const row = await vehicleRow(db, vehicleId);
  const sizes = await db
    .select()
    .from(vehicleTyreSizes)
    .where(eq(vehicleTyreSizes.vehicleId, vehicleId))
    .orderBy(asc(vehicleTyreSizes.sortOrder), asc(vehicleTyreSizes.id));
  const size = (width: number, profile: number, diameter: number) => ({
    width,
    profile,
    diameter,
    display: formatTyreSize({ prefix: null, width, profile, diameter }),
  });
  return {
    vehicle: vehicleOf(row),
    definitions: sizes.map((s) => ({
      front: size(s.width, s.profile, s.diameter),
      rear:
        s.rearWidth !== null && s.rearProfile !== null && s.rearDiameter !== null
          ? size(s.rearWidth, s.rearProfile, s.rearDiameter)
          : null,
      isOriginal: s.isOriginal,
    })),
  };
}

export async function vehicleWheelDefinitions(db: Database, vehicleId: number): Promise<WheelDefinitions> {
  const row = await vehicleRow(db, vehicleId);
  const v = row.vehicle;
  const diameters: number[] = [];
  for (let d = v.diameterMin; d <= v.diameterMax; d += 1) diameters.push(d);
  return {
    vehicle: vehicleOf(row),
    pcd: v.pcd,
    centreBore: Number(v.centreBore),
    thread: v.thread,
    fastener: v.fastener === 'Bolt' ? 'Bolt' : 'Nut',
    offsetMin: v.offsetMin,
    offsetMax: v.offsetMax,
    diameters,
    widthMin: Number(v.widthMin),
    widthMax: Number(v.widthMax),
    hasTpms: v.hasTpms,
  };
}
