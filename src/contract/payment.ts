import { z } from 'zod';
import { paymentStatusSchema, redirectResultSchema } from './checkout';
import { bodyId, queryId } from './ids';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

/** SPEC.md §7 'Payment': the browser's local time as 'YYYY-MM-DDTHH:mm:ss' and its IANA time zone name. */
const clientTime = {
  clientDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'Expected YYYY-MM-DDTHH:mm:ss'),
  timezone: z
    .string()
    .min(1)
    .max(64)
    .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', 'Unknown time zone'),
};

/** One invoice id, or several separated by commas (pay several outstanding invoices at once). */
const invoiceIds = z
  .string()
  .regex(/^\d+(,\d+){0,49}$/, 'Expected invoice ids separated by commas')
  .transform((ids) => [...new Set(ids.split(',').map(Number))])
  .pipe(z.array(bodyId).min(1));

/** A card or PayPal payment's standing, for the page the provider returns to (?paid=<reference> / ?failed=<reference>). */
export const paymentResultSchema = z.object({
  reference: z.string(),
  kind: z.enum(['Order', 'Invoice']),
  status: paymentStatusSchema,
  amount: z.string(),
  amountCents: z.int(),
  message: z.string().nullable(),
  orderId: z.int().nullable(),
  invoiceNumbers: z.array(z.string()),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const paymentRoutes = {
  paymentInvoice: defineRoute({
    method: 'GET',
    path: 'Payment/Invoice',
    access: 'payer',
    customerRoles: buyersToo,
    tag: 'Payment',
    summary:
      "Starts a card payment of one or several of the account's outstanding invoices: the hosted page's url, keys and values",
    query: z.object({ id: invoiceIds, ...clientTime }),
    response: redirectResultSchema,
  }),
  paymentOrder: defineRoute({
    method: 'GET',
    path: 'Payment/Order',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Payment',
    summary: "Starts a card payment of one of the account's unpaid orders: the hosted page's url, keys and values",
    query: z.object({ id: queryId, ...clientTime }),
    response: redirectResultSchema,
  }),
  paymentResult: defineRoute({
    method: 'GET',
    path: 'Payment/Result',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Payment',
    summary: "A payment of the caller's account by its reference: whether it went through and, if refused, why",
    query: z.object({ reference: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Expected a payment reference') }),
    response: paymentResultSchema,
  }),
  paymentPayPalSettings: defineRoute({
    method: 'GET',
    path: 'Payment/PayPalSettings',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Payment',
    summary: "The PayPal client id the browser loads PayPal's script with; null when PayPal is not configured",
    response: z.object({ clientId: z.string().nullable() }),
  }),
};
