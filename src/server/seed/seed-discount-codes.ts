import type { Database } from '../db/client';
import { daysAfter } from '../dates';
import { discountCodes } from '../db/schema';

/**
 * Demo discount codes for Cart/Discount (listed in the README): an open-ended trade code, a seasonal one with an end
 * date, one that has expired and one that has not started, so every answer of the discount field can be tried.
 */
export async function seedDiscountCodes(db: Database, now: Date): Promise<void> {
  const days = (count: number) => daysAfter(now, count);
  await db.delete(discountCodes);
  await db.insert(discountCodes).values([
    { code: 'TRADE5', label: 'Trade 5% off', discountBasisPoints: 500, startsAt: null, endsAt: null },
    { code: 'SUMMER10', label: 'Summer 10% off', discountBasisPoints: 1_000, startsAt: days(-7), endsAt: days(60) },
    { code: 'WINTER15', label: 'Winter 15% off', discountBasisPoints: 1_500, startsAt: days(-200), endsAt: days(-100) },
    {
      code: 'EOFY20',
      label: 'End of financial year 20% off',
      discountBasisPoints: 2_000,
      startsAt: days(150),
      endsAt: days(180),
    },
  ]);
}
