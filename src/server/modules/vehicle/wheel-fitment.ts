import type { WheelRecord } from '../catalogue/catalogue-records';

/** The wheel fitment of a vehicle, as the vehicles table holds it (DESIGN.md §5). */
export interface VehicleFitment {
  readonly id: number;
  readonly makeId: number;
  readonly makeName: string;
  readonly model: string;
  readonly series: string;
  readonly pcd: string;
  readonly centreBore: number;
  readonly thread: string;
  readonly fastener: string;
  readonly offsetMin: number;
  readonly offsetMax: number;
  readonly diameterMin: number;
  readonly diameterMax: number;
  readonly widthMin: number;
  readonly widthMax: number;
  readonly hasTpms: boolean;
}

/**
 * A wheel fits when it is drilled for the vehicle's bolt pattern, its centre bore is at least the hub's (a larger
 * bore is centred with hub rings), and its diameter, width and offset sit inside the vehicle's ranges.
 */
export function wheelFits(wheel: WheelRecord, vehicle: VehicleFitment): boolean {
  return (
    wheel.pcds.includes(vehicle.pcd) &&
    wheel.centreBore >= vehicle.centreBore &&
    wheel.size >= vehicle.diameterMin &&
    wheel.size <= vehicle.diameterMax &&
    wheel.width >= vehicle.widthMin &&
    wheel.width <= vehicle.widthMax &&
    wheel.offset >= vehicle.offsetMin &&
    wheel.offset <= vehicle.offsetMax
  );
}

/** Studs per wheel, from the bolt pattern ('6x139.7' → 6). */
export function studCount(pcd: string): number {
  const studs = Number.parseInt(pcd.split('x')[0] ?? '', 10);
  return Number.isFinite(studs) && studs > 0 ? studs : 0;
}
