import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read out over the phone. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A reference a person can read out: 'PE-7K3M9Q' for a product enquiry, 'QT-…' for a mailed quote. */
export function newCatalogueFormReference(prefix: 'PE' | 'QT'): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${code}`;
}
