import type { Handlers } from '../../http/handler';
import { signInStaff } from '../auth/auth-service';
import { mintImpersonationToken } from './impersonation';
import { paidAfterRelease } from './paid-after-release';
import { listStaffAudit } from './staff-audit';
import { staffMember } from './staff-member';
import { searchVendors } from './vendor-search';

export const staffHandlers = {
  staffLogin: async ({ body }, { db, config, now }) => signInStaff(db, body, config, now()),
  staffMe: async (_request, { db, staff }) => staffMember(db, staff().staffId),
  staffAudit: async ({ query }, { db }) => listStaffAudit(db, query),
  staffVendors: async ({ body }, { db }) => searchVendors(db, body),
  staffImpersonationToken: async ({ body }, { db, staff, now }) =>
    mintImpersonationToken(db, staff(), body.accountId, now()),
  staffPaidAfterRelease: async (_request, { db }) => paidAfterRelease(db),
} satisfies Partial<Handlers>;
