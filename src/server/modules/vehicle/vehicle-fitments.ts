import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicleMakes, vehicles } from '../../db/schema';
import { problems } from '../../http/problem';
import type { VehicleFitment } from './wheel-fitment';

/** The wheel fitment of each vehicle named that exists. */
export async function vehicleFitments(db: Database, ids: readonly number[]): Promise<Map<number, VehicleFitment>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ vehicle: vehicles, makeName: vehicleMakes.name })
    .from(vehicles)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicles.makeId))
    .where(inArray(vehicles.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ vehicle, makeName }) => [
      vehicle.id,
      {
        ...vehicle,
        centreBore: Number(vehicle.centreBore),
        widthMin: Number(vehicle.widthMin),
        widthMax: Number(vehicle.widthMax),
        makeName,
      },
    ]),
  );
}

/** The fitment of the vehicle a request names by id; one that does not exist is a bad request naming `vehicleId`. */
export async function vehicleFitmentOf(db: Database, vehicleId: number): Promise<VehicleFitment> {
  const vehicle = (await vehicleFitments(db, [vehicleId])).get(vehicleId);
  if (!vehicle)
    throw problems.badRequest('No vehicle has that id.', [{ name: 'vehicleId', reason: 'No vehicle has that id.' }]);
  return vehicle;
}
