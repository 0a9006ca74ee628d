import { randomInt } from 'node:crypto';
import type { ProgramSlug } from '../../../contract/dealer';

const PREFIXES: Record<ProgramSlug, string> = { marshall: 'MK', Michelin: 'MA', PitPass: 'PP' };

/** Letters and digits that cannot be mistaken for one another when read out over the phone (as form references). */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A reference for a program request: program prefix and six characters, e.g. MK-7K3M9Q. */
export function newProgramReference(program: ProgramSlug): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${PREFIXES[program]}-${code}`;
}
