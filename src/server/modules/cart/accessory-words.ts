/**
 * An accessory option described in words: what the product is (pack size, finish, thread, seat, length, bores,
 * frequency — from its specs) and what the offered quantity supplies for the wheel line. Two options that share a
 * name differ in these words, so a person can tell them apart without reading SKUs.
 */

const lower = (text: string) => text.toLowerCase();
const plural = (count: number, [one, many]: readonly [string, string]) => `${count} ${count === 1 ? one : many}`;

/** The attributes of an accessory that set it apart from others of its kind, in the order a fitter reads them. */
export function accessoryAttributeWords(specs: Readonly<Record<string, string>>): string[] {
  const perPack = Number(specs.packOf ?? 1);
  const words = [Number.isInteger(perPack) && perPack > 1 ? `pack of ${perPack}` : 'sold singly'];
  if (specs.finish) words.push(lower(specs.finish));
  if (specs.thread) words.push(`${specs.thread} thread`);
  if (specs.seat) words.push(`${lower(specs.seat)} seat`);
  if (specs.length) words.push(`${specs.length} shank`);
  if (specs.outerBore && specs.innerBore) words.push(`${specs.outerBore} mm wheel bore to ${specs.innerBore} mm hub`);
  if (specs.tpmsFrequencyMhz) words.push(`${specs.tpmsFrequencyMhz} MHz`);
  return words;
}

export interface Supply {
  /** Packs (or single pieces) ordered. */
  readonly quantity: number;
  readonly perPack: number;
  /** Pieces the line needs. */
  readonly needed: number;
  /** What one piece is called, singular and plural ('nut', 'nuts'). */
  readonly unit: readonly [string, string];
  /** What the pieces are for ('4 wheels of 5 studs'). */
  readonly purpose: string;
}

/** 'Pack of 20, chrome, M12x1.5 thread, conical seat: 1 pack, 20 nuts for 4 wheels of 5 studs'. */
export function accessoryDescription(specs: Readonly<Record<string, string>>, supply: Supply): string {
  const attributes = accessoryAttributeWords(specs).join(', ');
  const supplied = supply.quantity * supply.perPack;
  const packs = supply.perPack > 1 ? `${plural(supply.quantity, ['pack', 'packs'])}, ` : '';
  const spare = supplied > supply.needed ? ` (${supplied - supply.needed} spare)` : '';
  return `${attributes.charAt(0).toUpperCase()}${attributes.slice(1)}: ${packs}${plural(supplied, supply.unit)} for ${supply.purpose}${spare}`;
}
