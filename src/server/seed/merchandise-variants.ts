import type { SeededRandom } from './random';
import { MERCHANDISE_BRAND_PREMIUM, MERCHANDISE_CATEGORIES, type MerchandisePack } from './seed-catalogue-reference';

/** One merchandise product to generate: an item of one brand, sold singly or in one pack size. */
export interface MerchandiseVariant {
  readonly category: string;
  readonly subcategory: string;
  readonly name: string;
  readonly brand: string;
  readonly pack: MerchandisePack;
  readonly rrpCents: number;
  readonly specs: Record<string, string>;
}

/** A pack costs its pieces less 5% (up to two dozen) or 15% (a box of 100). */
function packDiscount(pieces: number): number {
  if (pieces === 1) return 1;
  return pieces >= 50 ? 0.85 : 0.95;
}

/** A retail price as the trade lists have it: cents for small parts, whole dollars (or .95) above $20. */
function listedCents(cents: number): number {
  if (cents < 2_000) return Math.max(5, Math.round(cents / 5) * 5);
  const dollars = Math.round(cents / 100);
  return dollars * 100 - (dollars % 2 === 0 ? 5 : 0);
}

/** Thread, seat, fastener, finish, length and bore pairs read from an accessory's name, for the cart's accessory step. */
export function accessorySpecs(name: string): Record<string, string> {
  const specs: Record<string, string> = {};
  const thread = /M1[24]x1\.(?:5|25)/.exec(name)?.[0];
  if (thread) specs.thread = thread;
  if (/Conical/.test(name)) specs.seat = 'Conical';
  if (/Ball/.test(name)) specs.seat = 'Ball';
  if (/Flat Seat/.test(name)) specs.seat = 'Flat';
  if (/Nut/.test(name)) specs.fastener = 'Nut';
  if (/Bolt/.test(name)) specs.fastener = 'Bolt';
  const finish = /\b(Chrome|Black)$/.exec(name)?.[1];
  if (finish) specs.finish = finish;
  const length = /\b(\d+mm)\b/.exec(name)?.[1];
  if (length) specs.length = length;
  const ring = /Hub Ring (\d+\.\d)-(\d+\.\d)/.exec(name);
  if (ring?.[1] && ring[2]) {
    specs.outerBore = ring[1];
    specs.innerBore = ring[2];
  }
  const tpms = /(\d+) MHz/.exec(name)?.[1];
  if (tpms) specs.tpmsFrequencyMhz = tpms;
  return specs;
}

/**
 * `count` distinct merchandise products (no two share a name): first every item of its first brand sold singly,
 * then its packs, then other brands' variants in a seeded order. A brand's piece price is drawn once per item, so
 * its packs cost what their pieces cost less the pack discount. Listed in catalogue order (category, item, brand,
 * pack), so SKUs read in that order.
 */
export function merchandiseVariants(random: SeededRandom, count: number): MerchandiseVariant[] {
  const tiers: MerchandiseVariant[][] = [[], [], []];
  const order = new Map<MerchandiseVariant, number>();
  for (const category of MERCHANDISE_CATEGORIES) {
    for (const sub of category.subcategories) {
      for (const item of sub.items) {
        for (const [brandIndex, brand] of sub.brands.entries()) {
          const [low, high] = item.rrp;
          const pieceCents = (low + random.next() * (high - low)) * 100 * (MERCHANDISE_BRAND_PREMIUM[brand] ?? 1);
          for (const [packIndex, pack] of (item.packs ?? sub.packs).entries()) {
            const variant: MerchandiseVariant = {
              category: category.name,
              subcategory: sub.name,
              name: pack.label ? `${brand} ${item.name} (${pack.label})` : `${brand} ${item.name}`,
              brand,
              pack,
              rrpCents: listedCents(pieceCents * pack.pieces * packDiscount(pack.pieces)),
              specs:
                pack.pieces > 1
                  ? { ...accessorySpecs(item.name), packOf: String(pack.pieces) }
                  : accessorySpecs(item.name),
            };
            order.set(variant, order.size);
            tiers[brandIndex > 0 ? 2 : packIndex > 0 ? 1 : 0]?.push(variant);
          }
        }
      }
    }
  }
  const [singles = [], packs = [], others = []] = tiers;
  const shuffled = [...others];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const swap = random.int(0, index);
    [shuffled[index], shuffled[swap]] = [shuffled[swap] as MerchandiseVariant, shuffled[index] as MerchandiseVariant];
  }
  const all = [...singles, ...packs, ...shuffled];
  if (count > all.length)
    throw new Error(`The demo catalogue has ${all.length} distinct merchandise products; ${count} were asked for.`);
  return all.slice(0, count).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}
