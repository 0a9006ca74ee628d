import type { Database } from '../../src/server/db/client';
import { createCustomer } from './fixtures';

/** A trade account whose details are filled in (Account/Details answers them), in Victoria, with a credit limit. */
export function createAccountWithDetails(db: Database, values: Parameters<typeof createCustomer>[1] = {}) {
  return createCustomer(db, {
    state: 'VIC',
    creditLimitCents: 5_000_000,
    contactName: 'Casey Contact',
    phone: '03 9555 0101',
    contactEmail: 'casey@fixture.test',
    deliveryAddress1: '12 Sample Street',
    deliveryCity: 'Richmond',
    deliveryPostcode: '3121',
    ...values,
  });
}
