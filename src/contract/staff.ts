import { z } from 'zod';
import { authResultSchema, loginRequestSchema } from './auth';
import { bodyId } from './ids';
import { defineRoute } from './route';

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
  staffVendors: defineRoute({
    method: 'POST',
    path: 'Staff/Vendors',
    access: 'staff',
    tag: 'Staff',
    summary: "Customer accounts by account code, trading name, or a contact's name or email, a page at a time",
    body: vendorSearchRequestSchema,
    response: vendorPageSchema,
  }),
  staffImpersonationToken: defineRoute({
    method: 'POST',
    path: 'Staff/ImpersonationToken',
    access: 'staff',
    tag: 'Staff',
    summary: 'Mints a short-lived, single-use token to act as the chosen account (opened as ?token= in the shop)',
    body: z.object({ accountId: bodyId }),
    response: impersonationTokenSchema,
  }),
  staffPaidAfterRelease: defineRoute({
    method: 'GET',
    path: 'Staff/PaidAfterRelease',
    access: 'staff',
    tag: 'Staff',
    summary: 'Orders paid after their reserved stock was released (newest first), for staff to confirm or refund',
    response: z.array(paidAfterReleaseSchema),
  }),
};
