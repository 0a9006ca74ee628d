import { eq } from 'drizzle-orm';
import type { UserInfo } from '../../../contract/account';
import type { Database } from '../../db/client';
import { accounts, staffUsers, users } from '../../db/schema';
import { problems } from '../../http/problem';
import type { Principal } from '../auth/principal';

const noFlags = {
  isMarshalKeyDealer: false,
  isAssociateDealer: false,
  hasPitPass: false,
  isRestrictedSalesRetailer: false,
};

export async function userInfo(db: Database, principal: Principal): Promise<UserInfo> {
  if (principal.kind === 'staff') {
    const [staff] = await db
      .select({ name: staffUsers.name })
      .from(staffUsers)
      .where(eq(staffUsers.id, principal.staffId));
    if (!staff) throw problems.unauthorized();
    return {
      isLoggedIn: true,
      name: staff.name,
      sapCode: '',
      ...noFlags,
      isStaffMember: true,
      isImpersonating: false,
      useTabNavigation: true,
      accountName: '',
      impersonatorName: null,
      role: null,
      canPayInvoices: false,
    };
  }
  const [row] = await db
    .select({ name: users.name, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(users.accountId, accounts.id))
    .where(eq(users.id, principal.userId));
  if (!row || row.account.id !== principal.accountId) throw problems.unauthorized();
  const [impersonator] =
    principal.impersonatorStaffId === null
      ? []
      : await db
          .select({ name: staffUsers.name })
          .from(staffUsers)
          .where(eq(staffUsers.id, principal.impersonatorStaffId));
  return {
    isLoggedIn: true,
    name: row.name,
    sapCode: row.account.code,
    isMarshalKeyDealer: row.account.isMarshalKeyDealer,
    isAssociateDealer: row.account.isAssociateDealer,
    hasPitPass: row.account.hasPitPass,
    isRestrictedSalesRetailer: row.account.isRestrictedSalesRetailer,
    isStaffMember: false,
    isImpersonating: principal.impersonatorStaffId !== null,
    useTabNavigation: row.account.useTabNavigation,
    accountName: row.account.name,
    impersonatorName: impersonator?.name ?? null,
    role: principal.role,
    canPayInvoices: principal.canPayInvoices && !row.account.isRestrictedSalesRetailer,
  };
}
