/** Who is calling, as the access token says. Impersonating staff act as the customer. */
export type Principal =
  | {
      readonly kind: 'customer';
      readonly userId: number;
      readonly accountId: number;
      /** The staff member acting as this customer, when impersonating. */
      readonly impersonatorStaffId: number | null;
    }
  | { readonly kind: 'staff'; readonly staffId: number };

export type CustomerPrincipal = Extract<Principal, { kind: 'customer' }>;
export type StaffPrincipal = Extract<Principal, { kind: 'staff' }>;
