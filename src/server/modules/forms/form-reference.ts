import { randomInt } from 'node:crypto';
import type { FormKind } from '../../db/schema';

const PREFIXES: Record<FormKind, string> = {
  ContactUs: 'CU',
  ProductReturn: 'RA',
  WarrantyClaim: 'WC',
  RetailerRegister: 'TA',
  DealerRegister: 'DP',
};

/** Letters and digits that cannot be mistaken for one another when read out over the phone. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A reference a person can read out: kind prefix and six characters, e.g. WC-7K3M9Q. */
export function newFormReference(kind: FormKind): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${PREFIXES[kind]}-${code}`;
}
