import { z } from 'zod';
import { type PriceDisplay, readPriceDisplay } from './catalogue-common';
import { emailField, formReceiptSchema, phoneField } from './forms';
import { DATABASE_ID_MAX } from './ids';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

/**
 * The catalogue's two forms (SPEC.md §7 Form/ProductEnquiry and Form/SelectAndEmail).
 * A product enquiry is open to visitors (who prove they are people with a captcha token) and customers alike;
 * select-and-email sends a customer's chosen products to an address as a quote, with the customer's prices.
 */

const productId = z.int({ error: 'Choose a product' }).positive().max(DATABASE_ID_MAX);

export const productEnquiryRequestSchema = z.strictObject({
  productId,
  name: z.string({ error: 'Enter your name' }).trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: emailField,
  phone: phoneField.optional().or(z.literal('').transform(() => undefined)),
  quantity: z
    .union([
      z.literal('').transform(() => undefined),
      z.coerce
        .number({ error: 'Enter a whole number' })
        .int('Enter a whole number')
        .min(1, 'Enter at least 1')
        .max(999, 'Enter at most 999'),
    ])
    .optional(),
  message: z
    .string({ error: 'Enter your question' })
    .trim()
    .min(1, 'Enter your question')
    .max(2000, 'Use at most 2000 characters'),
  captchaToken: z.string().max(4000).optional(),
});
export type ProductEnquiryRequest = z.input<typeof productEnquiryRequestSchema>;

/** How the quote shows prices: the counter switch's mode; an account can never be shown more than it may see. */
export const quotePriceModeSchema = z.string().transform((value, context): 'Account' | PriceDisplay => {
  if (value.trim().toLowerCase() === 'account') return 'Account';
  const mode = readPriceDisplay(value);
  if (mode) return mode;
  context.addIssue({ code: 'custom', message: 'Choose Account, Trade, RRP or Hide' });
  return z.NEVER;
});

/** SPEC.md §3 'email-products list': one entry is a product, or a front/rear pair, with optional equipment. */
export const emailProductSchema = z.strictObject({
  id: z.string().trim().min(1).max(64),
  front: productId,
  rear: productId.nullable().optional(),
  equipmentId: productId.nullable().optional(),
  quantity: z.int('Enter a whole number').min(1, 'Enter at least 1').max(99, 'Enter at most 99').default(4),
});
export type EmailProduct = z.input<typeof emailProductSchema>;

export const MAX_EMAIL_PRODUCTS = 30;

export const selectAndEmailRequestSchema = z.strictObject({
  to: emailField,
  recipientName: z.string().trim().max(100, 'Use at most 100 characters').optional(),
  note: z.string().trim().max(1000, 'Use at most 1000 characters').optional(),
  priceMode: quotePriceModeSchema.default('Account'),
  products: z
    .array(emailProductSchema)
    .min(1, 'Choose at least one product')
    .max(MAX_EMAIL_PRODUCTS, `Choose at most ${MAX_EMAIL_PRODUCTS} products`),
});
export type SelectAndEmailRequest = z.input<typeof selectAndEmailRequestSchema>;

export const selectAndEmailReceiptSchema = formReceiptSchema.extend({ lineCount: z.int().nonnegative() });

export const catalogueFormRoutes = {
  formProductEnquiry: defineRoute({
    method: 'POST',
    path: 'Form/ProductEnquiry',
    access: 'public',
    tag: 'Forms',
    summary: 'Ask about one product; visitors send a captcha token (action submit)',
    body: productEnquiryRequestSchema,
    response: formReceiptSchema,
  }),
  formSelectAndEmail: defineRoute({
    method: 'POST',
    path: 'Form/SelectAndEmail',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Forms',
    summary:
      "Mail the chosen products (front/rear pairs included) to an address as a quote, with the account's prices and stock",
    body: selectAndEmailRequestSchema,
    response: selectAndEmailReceiptSchema,
  }),
};
