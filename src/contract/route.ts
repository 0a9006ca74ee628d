import type { z } from 'zod';
import type { CustomerRoleGrant } from './customer-roles';
import type { StaffRole } from './staff-roles';

/**
 * Who may call a route. Checked once, by the server's access hook, from this declaration.
 * - public: anyone, visitors included
 * - signedIn: any signed-in user (customer, staff, impersonating staff)
 * - customer: a customer, or staff while impersonating one; staff alone get 403
 * - payer: as customer, but restricted sales retailers get 403, and so does a buyer the owner has not allowed to pay
 *   invoices (the account's payment pages)
 * - staff: a staff member (not a customer)
 * - integration: the wholesaler's systems, with an integration key (each route checks the key's scope); users'
 *   tokens are refused, and integration keys are refused everywhere else
 */
export type Access = 'public' | 'signedIn' | 'customer' | 'payer' | 'staff' | 'integration';

export type HttpMethod = 'GET' | 'POST';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** Path under /yhi/api, as SPEC.md §7 spells it (matched case-insensitively). */
  readonly path: string;
  /** Other spellings that answer too (SPEC.md §7's second reading). */
  readonly aliases?: readonly string[];
  readonly access: Access;
  /**
   * For `staff` routes: the roles besides administrator that may call it (an administrator may call every staff
   * route). Every staff route declares it; one check enforces it (http/access.ts).
   */
  readonly staffRoles?: readonly StaffRole[];
  /**
   * For `customer` and `payer` routes: the roles of a customer's users besides the owner that may call it (an owner may
   * call every customer route). Every such route declares it; one check enforces it (http/access.ts).
   */
  readonly customerRoles?: readonly CustomerRoleGrant[];
  readonly tag: string;
  readonly summary: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Set when the answer is not JSON (a PDF, say); the response schema then documents nothing. */
  readonly produces?: string;
}

export function defineRoute<const D extends RouteDefinition>(definition: D): D {
  return definition;
}

type InferOr<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
type InputOr<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** What a handler receives, already parsed. */
export interface ParsedRequest<D extends RouteDefinition> {
  query: InferOr<D['query'], undefined>;
  body: InferOr<D['body'], undefined>;
}

/** What a caller sends, before parsing. Only the parts the route declares. */
export type RequestOf<D extends RouteDefinition> = (D['query'] extends z.ZodType
  ? { query: InputOr<D['query'], never> }
  : { query?: undefined }) &
  (D['body'] extends z.ZodType ? { body: InputOr<D['body'], never> } : { body?: undefined });

export type ResponseOf<D extends RouteDefinition> = z.output<D['response']>;
