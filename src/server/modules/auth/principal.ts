import type { CustomerRole } from '../../../contract/customer-roles';

/** Who a session names, as its access token says. Impersonating staff act as the customer. */
export type SessionPrincipal =
  | {
      readonly kind: 'customer';
      readonly userId: number;
      readonly accountId: number;
      /** The staff member acting as this customer, when impersonating. */
      readonly impersonatorStaffId: number | null;
    }
  | { readonly kind: 'staff'; readonly staffId: number };

export type CustomerSession = Extract<SessionPrincipal, { kind: 'customer' }>;

/**
 * Who is calling: the session's principal with what its user may do now, read from the database with the session's
 * liveness (session-liveness.ts), so a changed role counts as soon as a disabled user's refusal does.
 */
export type Principal =
  | (CustomerSession & {
      readonly role: CustomerRole;
      /** A buyer the owner allowed to pay the account's invoices (owners always may). */
      readonly canPayInvoices: boolean;
    })
  | Extract<SessionPrincipal, { kind: 'staff' }>;

export type CustomerPrincipal = Extract<Principal, { kind: 'customer' }>;
export type StaffPrincipal = Extract<Principal, { kind: 'staff' }>;
