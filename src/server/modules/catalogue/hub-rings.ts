import { offersEnough } from '../../../domain/accessory-packs';
import { ownStockQuantity } from '../../../domain/stock-availability';
import { type VehicleFitment, wheelFits } from '../vehicle/wheel-fitment';
import type { MerchandiseRecord, WheelRecord } from './catalogue-records';
import { type CatalogueSnapshot, stockOf } from './catalogue-snapshot';

/** Whether an accessory is the hub ring that centres a wheel of one bore on a hub of another (bores in mm). */
export function isHubRingFor(item: MerchandiseRecord, wheelBore: number, hubBore: number): boolean {
  return (
    item.subcategory.slug === 'hub-rings' &&
    Number(item.specs.outerBore) === wheelBore &&
    Number(item.specs.innerBore) === hubBore
  );
}

/** Wheels are searched for a vehicle as a set: a wheel is listed when a line of a set can be completed. */
const WHEELS_IN_A_SET = 4;

const ringSlotsOf = new WeakMap<CatalogueSnapshot, readonly number[]>();

function ringSlots(snapshot: CatalogueSnapshot): readonly number[] {
  let slots = ringSlotsOf.get(snapshot);
  if (!slots) {
    slots = snapshot.merchandise.items.flatMap((item, slot) => (item.subcategory.slug === 'hub-rings' ? [slot] : []));
    ringSlotsOf.set(snapshot, slots);
  }
  return slots;
}

/**
 * The wheel bores that go on a hub of this bore (mm): its own, and each larger one for which the accessories step
 * would offer hub rings for a set of wheels — the same offersEnough the step applies, own stock included — so every
 * wheel a vehicle search lists can be completed there. A smaller bore never goes on. Read per search, not remembered:
 * ring stock changes between searches.
 */
function fittingBores(snapshot: CatalogueSnapshot, hubBore: number): readonly number[] {
  const bores = new Set([hubBore]);
  const table = snapshot.merchandise;
  for (const slot of ringSlots(snapshot)) {
    const ring = table.items[slot] as MerchandiseRecord;
    const wheelBore = Number(ring.specs.outerBore);
    if (
      wheelBore > hubBore &&
      isHubRingFor(ring, wheelBore, hubBore) &&
      offersEnough(ring.specs, ownStockQuantity(stockOf(snapshot, table, slot)), WHEELS_IN_A_SET)
    ) {
      bores.add(wheelBore);
    }
  }
  return [...bores].sort((a, b) => a - b);
}

/**
 * Which wheels a search for a vehicle lists: those that fit it (wheelFits, the rule the cart's vehicle check applies)
 * and whose bore is one fittingBores gives, so the accessories step can complete each. The answer's key says what it
 * depends on, for the narrowing cache: the vehicle's fitment and the bores its rings in stock allow today.
 */
export function wheelsGoingOn(snapshot: CatalogueSnapshot, vehicle: VehicleFitment) {
  const bores = fittingBores(snapshot, vehicle.centreBore);
  const { items } = snapshot.wheels;
  return {
    key: JSON.stringify([
      vehicle.pcd,
      vehicle.offsetMin,
      vehicle.offsetMax,
      vehicle.diameterMin,
      vehicle.diameterMax,
      vehicle.widthMin,
      vehicle.widthMax,
      bores,
    ]),
    goesOn: (slot: number) => {
      const wheel = items[slot] as WheelRecord;
      return bores.includes(wheel.centreBore) && wheelFits(wheel, vehicle);
    },
  };
}
