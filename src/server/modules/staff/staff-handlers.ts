import type { Handlers } from '../../http/handler';
import { signInStaff } from '../auth/auth-service';
import { inviteUser, resendInvitation, sendPasswordReset, setUserAccess } from './account-users';
import { PASSWORD_CHANGED } from '../auth/password-reset';
import { mintImpersonationToken } from './impersonation';
import { createStaffMember, saveStaffMember } from './staff-members';
import { checkStaffPasswordLink, listStaffMembers, setStaffPassword } from './staff-users';
import { confirmPaidAfterRelease, paidAfterRelease, refundPaidAfterRelease } from './paid-after-release';
import { createPayPalClient } from '../../integrations/payments/paypal';
import { listStaffAudit } from './staff-audit';
import { staffMember } from './staff-member';
import { createAccount, saveAccount, setAccountCredit, staffAccount } from './staff-accounts';
import { findAccounts, searchVendors } from './vendor-search';
import { staffOrder, staffOrders } from './staff-orders';

export const staffHandlers = {
  staffLogin: async ({ body }, { db, config, now }) => signInStaff(db, body, config, now()),
  staffMe: async (_request, { db, staff }) => staffMember(db, staff().staffId),
  staffAudit: async ({ query }, { db }) => listStaffAudit(db, query),
  staffAccounts: async ({ query }, { db }) => {
    const { rows, ...paging } = await findAccounts(db, query);
    return {
      accounts: rows.map(({ accountId: _id, code, ...row }) => ({ accountCode: code, ...row })),
      ...paging,
    };
  },
  staffAccount: async ({ query }, { db }) => staffAccount(db, query.accountCode),
  staffAccountCreate: async ({ body }, { db, staff, now }) => createAccount(db, staff().staffId, body, now()),
  staffAccountSave: async ({ body }, { db, catalogue, staff, now, reply }) =>
    saveAccount(db, catalogue, staff().staffId, body, now(), () => reply.server.sessionLiveness.forgetAll()),
  staffAccountCredit: async ({ body }, { db, catalogue, staff, now }) =>
    setAccountCredit(db, catalogue, staff().staffId, body, now()),
  staffUserInvite: async ({ body }, { db, config, staff, now }) => {
    await inviteUser(db, config.publicUrl, staff().staffId, body, now());
    return staffAccount(db, body.accountCode);
  },
  staffUserInvitationResend: async ({ body }, { db, config, staff, now }) => {
    await resendInvitation(db, config.publicUrl, staff().staffId, body, now());
    return staffAccount(db, body.accountCode);
  },
  staffUserAccess: async ({ body }, { db, staff, now, reply }) => {
    await setUserAccess(db, staff().staffId, body, now(), () => reply.server.sessionLiveness.forgetAll());
    return staffAccount(db, body.accountCode);
  },
  staffUserPasswordReset: async ({ body }, { db, config, staff, now }) => {
    await sendPasswordReset(db, config.publicUrl, staff().staffId, body, now());
    return staffAccount(db, body.accountCode);
  },
  staffMembersList: async (_request, { db }) => listStaffMembers(db),
  staffMemberCreate: async ({ body }, { db, config, staff, now }) => {
    await createStaffMember(db, config.publicUrl, staff().staffId, body, now());
    return listStaffMembers(db);
  },
  staffMemberSave: async ({ body }, { db, staff, now, reply }) => {
    await saveStaffMember(db, staff().staffId, body, now(), () => reply.server.sessionLiveness.forgetAll());
    return listStaffMembers(db);
  },
  staffPasswordLinkCheck: async ({ query }, { db, now }) =>
    checkStaffPasswordLink(db, { token: query.Token, email: query.Email, guid: query.Guid }, now()),
  staffSetPassword: async ({ body }, { db, now, reply }) => {
    await setStaffPassword(db, body, now());
    reply.server.sessionLiveness.forgetAll();
    return { message: PASSWORD_CHANGED };
  },
  staffVendors: async ({ body }, { db }) => searchVendors(db, body),
  staffImpersonationToken: async ({ body }, { db, staff, now }) => mintImpersonationToken(db, staff(), body, now()),
  staffPaidAfterRelease: async (_request, { db }) => paidAfterRelease(db),
  staffPaidAfterReleaseConfirm: async ({ body }, { db, catalogue, staff, now }) =>
    confirmPaidAfterRelease(db, catalogue, staff().staffId, body.orderId, now()),
  staffPaidAfterReleaseRefund: async ({ body }, { db, config, staff, now }) =>
    refundPaidAfterRelease(
      {
        db,
        config,
        paypal: config.paypal ? createPayPalClient(config, { timeoutMs: config.paypalTimeoutMs }) : null,
        staffId: staff().staffId,
        now: now(),
      },
      body.orderId,
    ),
  staffOrders: async ({ query }, { db }) => staffOrders(db, query),
  staffOrder: async ({ query }, { db, catalogue }) => staffOrder(db, catalogue, query.id),
} satisfies Partial<Handlers>;
