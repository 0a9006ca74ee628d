import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, refreshTokens, staffUsers, users } from '../../db/schema';
import { customerRoleSchema, mayPayInvoices } from '../../../contract/customer-roles';
import type { VerifiedAccessToken } from './access-token';
import type { Principal, SessionPrincipal } from './principal';

/**
 * How long an instance trusts its last answer. A session ended on another instance (or a user disabled in the
 * database) stops working within this time; on the instance that ended it, at once. docs/session.md.
 */
export const SESSION_CHECK_TTL_MS = 30_000;

/**
 * A customer user counts as disabled when their account is: staff disable a whole business at once, and its people
 * must be refused and signed out exactly as if each had been disabled. Select it with users joined to accounts.
 */
export const customerUserDisabled = sql<boolean>`(${users.disabled} or ${accounts.disabled})`;
const MAX_CACHED_SESSIONS = 50_000;

/**
 * Whether an access token's session is still live: its refresh family exists and was never revoked (logout,
 * sign out everywhere, password reset, a replayed refresh token), and the person it names is not disabled. A customer
 * user's role is read with it, so a changed role counts as soon as disabling does. The answer is kept briefly per
 * session, so a signed-in request costs no query most of the time.
 */
export class SessionLiveness {
  private readonly checked = new Map<string, { principal: Principal | null; at: number }>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** The caller the token names, with their role now; null when the session has ended or the person is disabled. */
  async principalOf({ principal, sessionId }: VerifiedAccessToken): Promise<Principal | null> {
    const key = `${principal.kind}:${principal.kind === 'customer' ? principal.userId : principal.staffId}:${sessionId}`;
    const at = this.now().getTime();
    const cached = this.checked.get(key);
    if (cached && at - cached.at < SESSION_CHECK_TTL_MS && at >= cached.at) return cached.principal;
    const caller = await this.callerOf(principal);
    const live = caller && (await this.familyLive(sessionId)) ? caller : null;
    if (this.checked.size >= MAX_CACHED_SESSIONS) this.checked.clear();
    this.checked.set(key, { principal: live, at });
    return live;
  }

  /** Sessions ended here take effect here at once; other instances notice within SESSION_CHECK_TTL_MS. */
  forgetAll(): void {
    this.checked.clear();
  }

  /** The person the session names as they stand now, or null when they (or their account) are disabled. */
  private async callerOf(principal: SessionPrincipal): Promise<Principal | null> {
    if (principal.kind === 'staff') {
      const [row] = await this.db
        .select({ disabled: staffUsers.disabled })
        .from(staffUsers)
        .where(eq(staffUsers.id, principal.staffId));
      return row && !row.disabled ? principal : null;
    }
    const [row] = await this.db
      .select({ disabled: customerUserDisabled, role: users.role, canPayInvoices: users.canPayInvoices })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(eq(users.id, principal.userId));
    const role = customerRoleSchema.safeParse(row?.role);
    if (!row || row.disabled || !role.success) return null;
    return { ...principal, role: role.data, canPayInvoices: mayPayInvoices(role.data, row.canPayInvoices) };
  }

  private async familyLive(familyId: string): Promise<boolean> {
    const [row] = await this.db
      .select({
        tokens: sql<number>`count(*)::int`,
        revoked: sql<number>`count(${refreshTokens.revokedAt})::int`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, familyId));
    return row !== undefined && Number(row.tokens) > 0 && Number(row.revoked) === 0;
  }
}
