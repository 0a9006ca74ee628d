import type { MerchandiseRecord } from './catalogue-records';
import type { CatalogueSnapshot } from './catalogue-snapshot';

/** Whether an accessory is the hub ring that centres a wheel of one bore on a hub of another (bores in mm). */
export function isHubRingFor(item: MerchandiseRecord, wheelBore: number, hubBore: number): boolean {
  return (
    item.subcategory.slug === 'hub-rings' &&
    Number(item.specs.outerBore) === wheelBore &&
    Number(item.specs.innerBore) === hubBore
  );
}

const ringsOf = new WeakMap<CatalogueSnapshot, readonly MerchandiseRecord[]>();

/**
 * Whether a wheel of this bore can be fitted to a hub of that one: the same bore, or a larger one with a hub ring for
 * the pair in the catalogue (the accessories step then offers it; a smaller bore never goes on).
 */
export function wheelBoreFits(snapshot: CatalogueSnapshot, wheelBore: number, hubBore: number): boolean {
  if (wheelBore === hubBore) return true;
  if (wheelBore < hubBore) return false;
  let rings = ringsOf.get(snapshot);
  if (!rings) {
    rings = snapshot.merchandise.items.filter((item) => item.subcategory.slug === 'hub-rings');
    ringsOf.set(snapshot, rings);
  }
  return rings.some((ring) => isHubRingFor(ring, wheelBore, hubBore));
}
