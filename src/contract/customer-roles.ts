import type { PriceDisplay } from './catalogue-common';
import { z } from 'zod';

/**
 * What a user of a trade account may do (docs/accounts-and-roles.md). The owner may do everything the account can,
 * including managing its users and settings; a buyer buys at trade; a counter user serves walk-in customers and never
 * sees a trade price.
 */
export const customerRoles = ['owner', 'buyer', 'counter'] as const;
export type CustomerRole = (typeof customerRoles)[number];
export const customerRoleSchema = z.enum(customerRoles, { error: `Choose one of ${customerRoles.join(', ')}` });

/** The roles besides the owner a customer route opens to; an owner may call every customer route. */
export type CustomerRoleGrant = Exclude<CustomerRole, 'owner'>;

/** Whether a user of `role` may call a customer route open to `allowed`. */
export function customerRoleMayCall(role: CustomerRole, allowed: readonly CustomerRoleGrant[]): boolean {
  return role === 'owner' || (allowed as readonly CustomerRole[]).includes(role);
}

/** Routes every user of an account may call: browsing the catalogue, which answers a counter user at RRP. */
export const everyCustomerUser = ['buyer', 'counter'] as const satisfies readonly CustomerRoleGrant[];
/** Routes for those who buy at trade: cart, checkout, orders, invoices, returns and claims. */
export const buyersToo = ['buyer'] as const satisfies readonly CustomerRoleGrant[];
/** Routes only the owner may call: the account's users, settings and programs. */
export const ownerOnly = [] as const satisfies readonly CustomerRoleGrant[];

/** Owners pay the account's invoices; a buyer only with the owner's switch on; a counter user never. */
export function mayPayInvoices(role: CustomerRole, switchedOn: boolean): boolean {
  return role === 'owner' || (role === 'buyer' && switchedOn);
}

/**
 * The prices a user is shown: the account's choice, except that a counter user never sees trade. A counter user of an
 * account that shows trade is shown RRP, and an account that hides prices hides them from its counter too.
 */
export function priceDisplayFor(role: CustomerRole, accountDisplay: PriceDisplay): PriceDisplay {
  return role === 'counter' && accountDisplay === 'Trade' ? 'RRP' : accountDisplay;
}
