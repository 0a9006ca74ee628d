import type { Handlers } from '../../http/handler';
import { createStaffIntegrationKey, revokeStaffIntegrationKey, staffIntegrationKeys } from './staff-integration-keys';

/** The administrators' integration keys in the back office: the same keys `npm run keys` manages. */
export const staffIntegrationHandlers = {
  staffIntegrationKeys: async (_request, { db }) => staffIntegrationKeys(db),
  staffIntegrationKeyCreate: async ({ body }, { db, staff, now }) =>
    createStaffIntegrationKey(db, staff().staffId, body, now()),
  staffIntegrationKeyRevoke: async ({ body }, { db, staff, now }) =>
    revokeStaffIntegrationKey(db, staff().staffId, body.name, now()),
} satisfies Partial<Handlers>;
