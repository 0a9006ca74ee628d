import { z } from 'zod';
import { defineRoute } from './route';

/** SPEC.md §3 'User'. */
export const userInfoSchema = z.object({
  isLoggedIn: z.boolean(),
  name: z.string(),
  sapCode: z.string(),
  isMarshalKeyDealer: z.boolean(),
  isAssociateDealer: z.boolean(),
  hasPitPass: z.boolean(),
  isStaffMember: z.boolean(),
  isRestrictedSalesRetailer: z.boolean(),
  isImpersonating: z.boolean(),
  useTabNavigation: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const accountRoutes = {
  userInfo: defineRoute({
    method: 'GET',
    path: 'Account/UserInfo',
    access: 'signedIn',
    tag: 'Account',
    summary: 'The signed-in user, with the account code and dealer flags',
    response: userInfoSchema,
  }),
};
