/** Pieces in one unit of an accessory: specs.packOf for packs ('Pack of 20'), else 1. */
export function piecesPerUnit(specs: Readonly<Record<string, string>>): number {
  const perPack = Number(specs.packOf ?? 1);
  return Number.isInteger(perPack) && perPack > 0 ? perPack : 1;
}

/** Accessories sold in packs are ordered in whole packs, enough for the pieces needed. */
export function packsFor(pieces: number, specs: Readonly<Record<string, string>>): number {
  return Math.ceil(pieces / piecesPerUnit(specs));
}

/**
 * Whether an accessory can be offered for a need of `pieces`: in packs no bigger than the need (20 nuts are not
 * offered as a box of 100), and only when the own warehouses hold every pack the need takes, so checkout can ship it.
 */
export function offersEnough(specs: Readonly<Record<string, string>>, ownStock: number, pieces: number): boolean {
  return piecesPerUnit(specs) <= pieces && ownStock >= packsFor(pieces, specs);
}
