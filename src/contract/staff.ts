import { z } from 'zod';
import { authResultSchema, loginRequestSchema } from './auth';
import { bodyId } from './ids';
import { defineRoute } from './route';
import { staffRoleSchema, staffRoles } from './staff-roles';

/** Every role: routes each staff member needs whatever their part of the back office. */
const EVERY_ROLE = staffRoles.filter((role) => role !== 'administrator');

export const staffMemberSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffAuditQuerySchema = z.object({
  /** Only changes that touched this customer account (its code). */
  accountCode: z.string().trim().min(1).max(20).optional(),
  /** Only changes to one subject, e.g. subjectType=order&subjectRef=1042. */
  subjectType: z.string().trim().min(1).max(40).optional(),
  subjectRef: z.string().trim().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  staffEmail: z.string(),
  /** What was done, e.g. `account.updated`. */
  action: z.string(),
  /** What it was done to, as staff read it, e.g. `account C10001`. */
  subject: z.string(),
  subjectType: z.string(),
  subjectRef: z.string(),
  accountCode: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

export const staffAuditPageSchema = z.object({
  entries: z.array(staffAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const vendorSearchRequestSchema = z.object({
  search: z.string().trim().max(100).default(''),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type VendorSearchRequest = z.input<typeof vendorSearchRequestSchema>;

export const vendorSchema = z.object({
  accountId: z.number().int(),
  sapCode: z.string(),
  name: z.string(),
  state: z.string(),
  contactName: z.string().nullable(),
  isRestrictedSalesRetailer: z.boolean(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorPageSchema = z.object({
  items: z.array(vendorSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type VendorPage = z.infer<typeof vendorPageSchema>;

export const impersonationTokenSchema = z.object({
  token: z.string(),
  expiresInSeconds: z.number().int().positive(),
});

/**
 * An order whose payment came back captured after it had given its stock back (docs/checkout.md 'Reservation and
 * release'): the customer paid for stock the shop no longer holds for them, so staff confirm or refund it.
 */
export const paidAfterReleaseSchema = z.object({
  orderId: z.number().int(),
  accountCode: z.string(),
  accountName: z.string(),
  paymentMethod: z.string(),
  /** The provider's reference of the captured payment (PAY-… or the PayPal order id). */
  paymentReference: z.string().nullable(),
  total: z.string(),
  totalCents: z.number().int(),
  placedAt: z.iso.datetime({ offset: true }),
  stockReleasedAt: z.iso.datetime({ offset: true }).nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PaidAfterRelease = z.infer<typeof paidAfterReleaseSchema>;

export const paidAfterReleaseActionSchema = z.object({ orderId: bodyId });

/** What a confirmed order could not take again: the customer is told, and the rest ships as a back-order. */
export const stockShortfallSchema = z.object({
  sku: z.string(),
  name: z.string(),
  wanted: z.int(),
  reserved: z.int(),
});
export type StockShortfall = z.infer<typeof stockShortfallSchema>;

export const paidAfterReleaseConfirmedSchema = z.object({
  orderId: z.int(),
  /** Empty when every unit was reserved again. */
  shortfalls: z.array(stockShortfallSchema),
});
export type PaidAfterReleaseConfirmed = z.infer<typeof paidAfterReleaseConfirmedSchema>;

export const paidAfterReleaseRefundedSchema = z.object({
  orderId: z.int(),
  /** The provider's reference of the refund. */
  refundReference: z.string(),
  refundedAt: z.iso.datetime({ offset: true }),
});
export type PaidAfterReleaseRefunded = z.infer<typeof paidAfterReleaseRefundedSchema>;

export const staffRoutes = {
  staffLogin: defineRoute({
    method: 'POST',
    path: 'Staff/Login',
    access: 'public',
    tag: 'Staff',
    summary: 'Staff sign-in by email and password',
    body: loginRequestSchema,
    response: authResultSchema,
  }),
  staffMe: defineRoute({
    method: 'GET',
    path: 'Staff/Me',
    access: 'staff',
    staffRoles: EVERY_ROLE,
    tag: 'Staff',
    summary: 'The signed-in staff member: name, email and role (which parts of the back office they may use)',
    response: staffMemberSchema,
  }),
  staffAudit: defineRoute({
    method: 'GET',
    path: 'Staff/Audit',
    access: 'staff',
    staffRoles: [],
    tag: 'Staff',
    summary: 'Every change staff made, newest first, with who, when, what and the values before and after',
    query: staffAuditQuerySchema,
    response: staffAuditPageSchema,
  }),
  staffVendors: defineRoute({
    method: 'POST',
    path: 'Staff/Vendors',
    access: 'staff',
    staffRoles: ['sales', 'credit'],
    tag: 'Staff',
    summary: "Customer accounts by account code, trading name, or a contact's name or email, a page at a time",
    body: vendorSearchRequestSchema,
    response: vendorPageSchema,
  }),
  staffImpersonationToken: defineRoute({
    method: 'POST',
    path: 'Staff/ImpersonationToken',
    access: 'staff',
    staffRoles: ['sales'],
    tag: 'Staff',
    summary:
      "Mints a short-lived, single-use token to act as a user of the chosen account (the one named, else the account's first enabled user), opened as ?token= in the shop",
    body: z.object({ accountId: bodyId, userId: bodyId.optional() }),
    response: impersonationTokenSchema,
  }),
  staffPaidAfterRelease: defineRoute({
    method: 'GET',
    path: 'Staff/PaidAfterRelease',
    access: 'staff',
    staffRoles: ['sales', 'credit'],
    tag: 'Staff',
    summary: 'Orders paid after their reserved stock was released (newest first), for staff to confirm or refund',
    response: z.array(paidAfterReleaseSchema),
  }),
  staffPaidAfterReleaseConfirm: defineRoute({
    method: 'POST',
    path: 'Staff/PaidAfterReleaseConfirm',
    access: 'staff',
    staffRoles: ['sales', 'credit'],
    tag: 'Staff',
    summary:
      'Confirms an order paid after its stock was released: takes its stock again where it can (local warehouse first) and answers what it could not; the order is Paid (404 when no such order waits)',
    body: paidAfterReleaseActionSchema,
    response: paidAfterReleaseConfirmedSchema,
  }),
  staffPaidAfterReleaseRefund: defineRoute({
    method: 'POST',
    path: 'Staff/PaidAfterReleaseRefund',
    access: 'staff',
    staffRoles: ['sales', 'credit'],
    tag: 'Staff',
    summary:
      'Refunds an order paid after its stock was released, in full, through the provider it was paid with; the order is Refunded (404 when no such order waits, 502 when the provider refuses)',
    body: paidAfterReleaseActionSchema,
    response: paidAfterReleaseRefundedSchema,
  }),
};
