import { asc } from 'drizzle-orm';
import type { FormLookups, LookupOption } from '../../../contract/forms';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { australianStates } from '../global/australian-states';

/** Why a trade customer sends goods back; the returns policy explains which reasons earn a full credit. */
export const returnReasons: readonly LookupOption[] = [
  { code: 'ordered-in-error', label: 'Ordered in error' },
  { code: 'wrong-item-supplied', label: 'Wrong item supplied' },
  { code: 'damaged-in-transit', label: 'Damaged in transit' },
  { code: 'not-fit-vehicle', label: 'Does not fit the vehicle' },
  { code: 'customer-cancelled', label: 'End customer cancelled' },
  { code: 'duplicate-delivery', label: 'Delivered twice' },
];

/** The faults a tyre warranty assessment distinguishes. */
export const claimTypes: readonly LookupOption[] = [
  { code: 'premature-wear', label: 'Premature or irregular wear' },
  { code: 'sidewall-defect', label: 'Sidewall bulge or separation' },
  { code: 'tread-separation', label: 'Tread separation or chunking' },
  { code: 'bead-damage', label: 'Bead damage' },
  { code: 'vibration-balance', label: 'Vibration or out of balance' },
  { code: 'air-loss', label: 'Air loss (not a puncture)' },
  { code: 'wheel-finish', label: 'Wheel finish defect' },
  { code: 'other', label: 'Other' },
];

export async function readFormLookups(db: Database): Promise<FormLookups> {
  const rows = await db.selectDistinct({ brand: products.brand }).from(products).orderBy(asc(products.brand));
  return {
    returnReasons: [...returnReasons],
    claimTypes: [...claimTypes],
    states: [...australianStates],
    brands: rows.map((row) => row.brand),
  };
}

export function isReturnReason(code: string): boolean {
  return returnReasons.some((reason) => reason.code === code);
}

export function isClaimType(code: string): boolean {
  return claimTypes.some((type) => type.code === code);
}

export function lookupLabel(options: readonly LookupOption[], code: string): string {
  return options.find((option) => option.code === code)?.label ?? code;
}
