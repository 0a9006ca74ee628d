import { z } from 'zod';
import { priceDisplayInputSchema, priceDisplaySchema } from './catalogue-common';
import { emailField, invoiceNumberField, phoneField, postcodeField, stateCodeField } from './forms';
import { backOrderedLineSchema, orderPresentationSchema } from './order-presentation';
import { buyersToo, customerRoleSchema, everyCustomerUser, ownerOnly } from './customer-roles';
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
  /** The account's trading name ('' for staff): who a staff member acting as the user acts for. */
  accountName: z.string(),
  /** The staff member acting as this user, by name; null unless impersonating. */
  impersonatorName: z.string().nullable(),
  /** The user's role in the account (docs/accounts-and-roles.md); null for staff. */
  role: customerRoleSchema.nullable(),
  /** Whether this user may pay the account's invoices: owners, and buyers the owner allowed. */
  canPayInvoices: z.boolean(),
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

// ---------- Account/Details ----------

const detailText = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `Use at most ${max} characters`);

/** A street address in Australia; `state` is a code from Global/States. */
export const accountAddressSchema = z.object({
  address1: detailText('the street address', 200),
  city: detailText('the suburb or town', 80),
  postcode: postcodeField,
  state: stateCodeField,
});
export type AccountAddress = z.infer<typeof accountAddressSchema>;

export const accountPreferencesSchema = z.object({
  /** Which price the catalogue shows: the account's trade price, the RRP, or none (for a counter screen). */
  priceDisplay: priceDisplaySchema,
  useTabNavigation: z.boolean(),
  /** Mail the account's contact when an order ships, with the carrier and tracking link. */
  mailWhenShipped: z.boolean(),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;

/** The preferences as Account/Details POST takes them: any SPEC.md §3 spelling of the price display. */
const accountPreferencesInputSchema = accountPreferencesSchema.extend({
  priceDisplay: priceDisplayInputSchema,
  /** Left out: as it is. */
  mailWhenShipped: z.boolean().optional(),
});

const BILLING_REQUIRED = "Enter the billing address, or tick 'Same as delivery address'";

/**
 * What Account/Details POST takes; the form validates with the same schema. With `billingSameAsDelivery` the
 * billing address is the delivery address and `billingAddress` is sent as null; otherwise it is required.
 */
export const accountDetailsRequestSchema = z
  .object({
    contactName: detailText('a contact name', 100),
    phone: phoneField,
    email: emailField,
    deliveryAddress: accountAddressSchema,
    billingSameAsDelivery: z.boolean({ error: 'Choose whether billing goes to the delivery address' }),
    billingAddress: accountAddressSchema.nullable().default(null),
    preferences: accountPreferencesInputSchema,
  })
  .superRefine((details, context) => {
    if (!details.billingSameAsDelivery && details.billingAddress === null) {
      context.addIssue({ code: 'custom', path: ['billingAddress'], message: BILLING_REQUIRED });
    }
  });
export type AccountDetailsRequest = z.input<typeof accountDetailsRequestSchema>;

/** What Account/Details GET answers: the account's details as the form shows them ('' where nothing was entered yet). */
export const accountDetailsSchema = z.object({
  accountCode: z.string(),
  accountName: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  deliveryAddress: z.object({ address1: z.string(), city: z.string(), postcode: z.string(), state: z.string() }),
  billingSameAsDelivery: z.boolean(),
  /** The address invoices go to: the delivery address when billingSameAsDelivery. */
  billingAddress: z.object({ address1: z.string(), city: z.string(), postcode: z.string(), state: z.string() }),
  preferences: accountPreferencesSchema,
  /** Payment terms of the trading account, in days (30). */
  termsDays: z.int(),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

// ---------- Invoices ----------

/**
 * Paid when nothing is outstanding; Credited when a credit settled what was not paid (its order was cancelled);
 * Overdue when something is outstanding after the due date; Open otherwise.
 */
export const invoiceStatusSchema = z.enum(['Open', 'Overdue', 'Paid', 'Credited']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Amounts come twice, as elsewhere in the API: formatted AUD ('$1,234.50') and `…Value` in cents. */
export const invoiceSummarySchema = z.object({
  /** The id Payment/Invoice takes. */
  id: z.int(),
  invoiceNumber: z.string(),
  /** ISO 8601 instants; the client shows them as en-AU dates. */
  date: z.string(),
  dueDate: z.string(),
  /** Total incl. GST. */
  amount: z.string(),
  amountValue: z.int(),
  outstanding: z.string(),
  outstandingValue: z.int(),
  status: invoiceStatusSchema,
  /** The order it was made from; null for invoices without a web order (history, phone orders). */
  orderId: z.int().nullable(),
  /** The buyer's own references, given at checkout; null when the order had none or there is no web order. */
  stockNumber: z.string().nullable(),
  orderReference: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const INVOICE_PAGE_SIZE = 20;

export const invoicesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(INVOICE_PAGE_SIZE),
  /** 'true': only invoices that still owe something (the payment page's list). */
  outstanding: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** Only invoices whose number, or whose order's stock number or order reference, contains this text. */
  search: z.string().trim().max(35).optional(),
});

/** Newest first. `totalOutstanding` is what the whole account owes, not only this page. */
export const invoicePageSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
  totalCount: z.int().nonnegative(),
  page: z.int().positive(),
  pageSize: z.int().positive(),
  totalPages: z.int().nonnegative(),
  totalOutstanding: z.string(),
  totalOutstandingValue: z.int(),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const invoiceNumberQuerySchema = z.object({ invoiceNumber: invoiceNumberField });

/**
 * One line of the invoice as its presentation has it: a row at quantity × unit price excl. GST (lineTotal, before
 * the discount), or the discount line (isDiscount: sku '', category 'Discount', quantity 1 at minus the discount).
 * The lines add up to the invoice's subtotal.
 */
export const invoiceLineSchema = z.object({
  sku: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  quantity: z.int(),
  /** Excl. GST. */
  unitPrice: z.string(),
  unitPriceValue: z.int(),
  lineTotal: z.string(),
  lineTotalValue: z.int(),
  isDiscount: z.boolean(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePaymentSchema = z.object({
  date: z.string(),
  amount: z.string(),
  amountValue: z.int(),
  /** How it was paid: 'Card', 'PayPal', 'Bank transfer'. */
  method: z.string(),
  reference: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceDetailsSchema = invoiceSummarySchema.extend({
  accountCode: z.string(),
  accountName: z.string(),
  billingAddress: z.array(z.string()),
  /** The presentation's rows, then its discount line. */
  lines: z.array(invoiceLineSchema),
  /** Sum of the lines, excl. GST: the presentation's subtotal, after the discount. */
  subtotal: z.string(),
  subtotalValue: z.int(),
  shipping: z.string(),
  shippingValue: z.int(),
  gst: z.string(),
  gstValue: z.int(),
  /** = amount: incl. GST. */
  total: z.string(),
  totalValue: z.int(),
  paid: z.string(),
  paidValue: z.int(),
  payments: z.array(invoicePaymentSchema),
  /** 'Trading account, 30 days'. */
  paymentTerms: z.string(),
  /** The invoice as its page and its PDF show it, at trade prices (docs/checkout.md 'Invoice presentation'). */
  presentation: orderPresentationSchema,
  /** The order's back-ordered lines, each with its expected date; empty when everything shipped at once. */
  backOrders: z.array(backOrderedLineSchema),
});
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

// ---------- Credit ----------

export const creditLimitSchema = z.object({
  limit: z.string(),
  limitValue: z.int(),
  /** What the account's invoices still owe plus its orders on account not yet invoiced (docs/integration.md). */
  used: z.string(),
  usedValue: z.int(),
  /** limit − used, never below zero. */
  available: z.string(),
  availableValue: z.int(),
  /** Nothing is available: a Trading Account order is refused (Checkout/CreditLimit answers true). */
  isLimitReached: z.boolean(),
});
export type CreditLimit = z.infer<typeof creditLimitSchema>;

export const myAccountRoutes = {
  accountDetails: defineRoute({
    method: 'GET',
    path: 'Account/Details',
    access: 'customer',
    customerRoles: everyCustomerUser,
    tag: 'Account',
    summary: "The account's contact, delivery and billing addresses and preferences",
    response: accountDetailsSchema,
  }),
  accountDetailsSave: defineRoute({
    method: 'POST',
    path: 'Account/Details',
    access: 'customer',
    customerRoles: ownerOnly,
    tag: 'Account',
    summary: 'Saves the account details (the delivery state decides Local stock) and answers them as saved',
    body: accountDetailsRequestSchema,
    response: accountDetailsSchema,
  }),
  accountInvoices: defineRoute({
    method: 'GET',
    path: 'Account/Invoices',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Account',
    summary: "The account's invoices, newest first, a page at a time",
    query: invoicesQuerySchema,
    response: invoicePageSchema,
  }),
  accountInvoiceDetails: defineRoute({
    method: 'GET',
    path: 'Account/InvoiceDetails',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Account',
    summary: "One of the account's invoices with its lines, GST and payments (404 for any other invoice number)",
    query: invoiceNumberQuerySchema,
    response: invoiceDetailsSchema,
  }),
  accountInvoicePdf: defineRoute({
    method: 'GET',
    path: 'Account/InvoicePdf',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Account',
    summary: "One of the account's invoices as a PDF download (Content-Disposition: attachment)",
    query: invoiceNumberQuerySchema,
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
    produces: 'application/pdf',
  }),
  accountCreditLimit: defineRoute({
    method: 'GET',
    path: 'Account/CreditLimit',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Account',
    summary: 'Credit limit, what outstanding invoices use of it, and what is available',
    response: creditLimitSchema,
  }),
};
