import { z } from 'zod';
import { stateSchema } from './global';
import { buyersToo, ownerOnly } from './customer-roles';
import { defineRoute } from './route';
import { isValidAbn } from './abn';

/**
 * The shop's forms (SPEC.md §2, §7 'Dealer and forms'). SPEC.md leaves their field layouts open; these are what a
 * tyre wholesaler needs to act on each request without phoning back. Product enquiry and select-and-email live
 * with the catalogue pages.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `Use at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).optional();

export const emailField = z
  .string({ error: 'Enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address'))
  .pipe(z.string().max(320, 'Use at most 320 characters'));

/** Australian numbers: 10 digits starting 0 (or +61 and 9 digits); spaces, dashes and brackets allowed. */
export const phoneField = z
  .string({ error: 'Enter a phone number' })
  .trim()
  .refine(
    (value) => /^(?:\+?61|0)[2-478]\d{8}$/.test(value.replace(/[\s()-]/g, '')),
    'Enter an Australian phone number',
  );

const captchaToken = z.string().max(4000).optional();

export const postcodeField = z
  .string({ error: 'Enter a 4-digit postcode' })
  .trim()
  .regex(/^\d{4}$/, 'Enter a 4-digit postcode');
export const stateCodeField = z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'], {
  error: 'Choose a state',
});

/** Invoice numbers as they print on our invoices: letters, digits and dashes. */
export const invoiceNumberField = z
  .string({ error: 'Enter the invoice number' })
  .trim()
  .min(1, 'Enter the invoice number')
  .max(20, 'Use at most 20 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'Use only letters, digits and dashes');

// ---------- Contact us ----------

export const contactTopics = [
  'General enquiry',
  'Orders and delivery',
  'Accounts and credit',
  'Pricing',
  'Website help',
] as const;

export const contactUsRequestSchema = z.object({
  name: text('your name', 100),
  email: emailField,
  phone: phoneField.optional().or(z.literal('').transform(() => undefined)),
  company: optionalText(120),
  accountCode: optionalText(20),
  topic: z.enum(contactTopics, { error: 'Choose a topic' }),
  message: z
    .string({ error: 'Enter your message' })
    .trim()
    .min(10, 'Tell us a little more (at least 10 characters)')
    .max(4000, 'Use at most 4000 characters'),
  captchaToken,
});
export type ContactUsRequest = z.input<typeof contactUsRequestSchema>;

// ---------- Product returns ----------

export const returnItemSchema = z.object({
  lineNumber: z.coerce
    .number({ error: 'Enter the invoice line' })
    .int('Enter a whole line number')
    .min(1, 'Lines start at 1')
    .max(999, 'Enter a line number up to 999'),
  sku: text('the product code', 40),
  quantity: z.coerce
    .number({ error: 'Enter a quantity' })
    .int('Enter a whole quantity')
    .min(1, 'Return at least 1')
    .max(500, 'Return at most 500'),
  reasonCode: z.string({ error: 'Choose a reason' }).min(1, 'Choose a reason').max(40),
});

export const productReturnRequestSchema = z.object({
  invoiceNumber: invoiceNumberField,
  items: z.array(returnItemSchema).min(1, 'Add at least one line to return').max(20, 'At most 20 lines per request'),
  contactName: text('a contact name', 100),
  contactEmail: emailField,
  contactPhone: phoneField,
  comments: optionalText(2000),
  goodsCondition: z.literal(true, { error: 'Confirm the goods are unused, unfitted and in their original packaging' }),
  captchaToken,
});
export type ProductReturnRequest = z.input<typeof productReturnRequestSchema>;

// ---------- Warranty claims ----------

/** DOT date code: the last four digits of the DOT serial, week (01-53) then year. */
export const dotSerialField = z
  .string({ error: 'Enter the DOT serial' })
  .trim()
  .toUpperCase()
  .refine(
    (value) => /^(DOT)?\s*[A-Z0-9 ]{4,14}\s*\d{4}$/.test(value),
    'Enter the full DOT serial, ending in its 4-digit date code',
  )
  .refine((value) => {
    const week = Number(value.slice(-4, -2));
    return week >= 1 && week <= 53;
  }, 'The date code must start with a week from 01 to 53');

export const uploadedFileSchema = z.object({
  /** The blob name Upload/Token gave. */
  fileName: z.string().min(1).max(300),
  originalFileName: z.string().min(1).max(255),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const warrantyClaimRequestSchema = z.object({
  invoiceNumber: invoiceNumberField,
  claimType: z.string({ error: 'Choose a claim type' }).min(1, 'Choose a claim type').max(40),
  brand: text('the brand', 60),
  tyreSize: text('the tyre size', 40),
  pattern: optionalText(60),
  dotSerial: dotSerialField,
  treadDepthMm: z.coerce
    .number({ error: 'Enter the remaining tread depth' })
    .min(0, 'Tread depth cannot be negative')
    .max(25, 'Enter the depth in millimetres (at most 25)'),
  kilometres: z.coerce
    .number({ error: 'Enter the kilometres travelled' })
    .int('Enter whole kilometres')
    .min(0, 'Kilometres cannot be negative')
    .max(500_000, 'Enter at most 500,000 km'),
  vehicle: text('the vehicle (make, model, year)', 120),
  endCustomerName: optionalText(100),
  faultDescription: z
    .string({ error: 'Describe the fault' })
    .trim()
    .min(10, 'Describe the fault (at least 10 characters)')
    .max(4000, 'Use at most 4000 characters'),
  photos: z
    .array(uploadedFileSchema)
    .min(2, 'Add at least two photos: the fault and the sidewall with the DOT code')
    .max(8, 'Add at most 8 photos'),
  contactName: text('a contact name', 100),
  contactEmail: emailField,
  contactPhone: phoneField,
  captchaToken,
});
export type WarrantyClaimRequest = z.input<typeof warrantyClaimRequestSchema>;

// ---------- Trade account application (/register) ----------

export const abnField = z
  .string({ error: 'Enter your ABN' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{11}$/, 'An ABN has 11 digits'))
  .refine(isValidAbn, 'This ABN is not valid: check the digits');

export const businessTypes = [
  'Tyre retailer',
  'Mechanical workshop',
  'Car dealership',
  'Fleet operator',
  'Wheel and tyre specialist',
  'Other',
] as const;
export const monthlySpendBands = ['Under $5,000', '$5,000 to $20,000', '$20,000 to $50,000', 'Over $50,000'] as const;

export const tradeReferenceSchema = z.object({
  company: text('the supplier name', 120),
  contactName: text('a contact name', 100),
  phone: phoneField,
});

export const retailerRegisterRequestSchema = z.object({
  legalName: text('the legal business name', 160),
  tradingName: text('the trading name', 160),
  abn: abnField,
  businessType: z.enum(businessTypes, { error: 'Choose a business type' }),
  yearsTrading: z.coerce
    .number({ error: 'Enter years trading' })
    .int('Enter whole years')
    .min(0, 'Years cannot be negative')
    .max(200, 'Enter at most 200 years'),
  address: text('the street address', 200),
  suburb: text('the suburb', 80),
  state: stateCodeField,
  postcode: postcodeField,
  contactName: text('a contact name', 100),
  position: optionalText(80),
  email: emailField,
  phone: phoneField,
  website: optionalText(200),
  monthlySpend: z.enum(monthlySpendBands, { error: 'Choose an expected monthly spend' }),
  tradeReferences: z
    .array(tradeReferenceSchema)
    .min(2, 'Give two trade references')
    .max(3, 'Give at most three trade references'),
  acceptTerms: z.literal(true, { error: 'Accept the terms and conditions of trade' }),
  captchaToken,
});
export type RetailerRegisterRequest = z.input<typeof retailerRegisterRequestSchema>;

// ---------- Dealer programs (/become-a-dealer) ----------

/** SPEC.md §3 'Fulfilment option', plus the loyalty program. */
export const dealerPrograms = ['MarshalTyre', 'AssociateDealer', 'PitPass'] as const;
export const dealerProgramLabels: Record<(typeof dealerPrograms)[number], string> = {
  MarshalTyre: 'Marshal key dealer',
  AssociateDealer: 'Associate dealer program',
  PitPass: 'Pit Pass loyalty program',
};

export const dealerRegisterRequestSchema = z.object({
  program: z.enum(dealerPrograms, { error: 'Choose a program' }),
  serviceBays: z.coerce
    .number({ error: 'Enter the number of service bays' })
    .int('Enter a whole number')
    .min(0, 'Bays cannot be negative')
    .max(200, 'Enter at most 200'),
  monthlyTyreUnits: z.coerce
    .number({ error: 'Enter tyres sold per month' })
    .int('Enter a whole number')
    .min(0, 'Units cannot be negative')
    .max(100_000, 'Enter at most 100,000'),
  brandsStocked: optionalText(300),
  contactName: text('a contact name', 100),
  contactEmail: emailField,
  contactPhone: phoneField,
  message: optionalText(2000),
  captchaToken,
});
export type DealerRegisterRequest = z.input<typeof dealerRegisterRequestSchema>;

// ---------- Answers and lookups ----------

export const formReceiptSchema = z.object({
  reference: z.string(),
  message: z.string(),
});
export type FormReceipt = z.infer<typeof formReceiptSchema>;

export const lookupOptionSchema = z.object({ code: z.string(), label: z.string() });
export type LookupOption = z.infer<typeof lookupOptionSchema>;

export const formLookupsSchema = z.object({
  returnReasons: z.array(lookupOptionSchema),
  claimTypes: z.array(lookupOptionSchema),
  states: z.array(stateSchema),
  brands: z.array(z.string()),
});
export type FormLookups = z.infer<typeof formLookupsSchema>;

export const formRoutes = {
  formLookups: defineRoute({
    method: 'GET',
    path: 'Form/Lookups',
    access: 'public',
    tag: 'Forms',
    summary: 'Return reasons, warranty claim types, states and brands for the forms',
    response: formLookupsSchema,
  }),
  formContactUs: defineRoute({
    method: 'POST',
    path: 'Form/ContactUs',
    access: 'public',
    tag: 'Forms',
    summary: 'Contact form: stored, acknowledged with a reference and mailed to the sender and the shop',
    body: contactUsRequestSchema,
    response: formReceiptSchema,
  }),
  formProductReturn: defineRoute({
    method: 'POST',
    path: 'Form/ProductReturn',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Forms',
    summary: 'Return request for invoice lines',
    body: productReturnRequestSchema,
    response: formReceiptSchema,
  }),
  formWarrantyClaim: defineRoute({
    method: 'POST',
    path: 'Form/WarrantyClaim',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Forms',
    summary: 'Tyre warranty claim with photos uploaded through Upload/Token',
    body: warrantyClaimRequestSchema,
    response: formReceiptSchema,
  }),
  formRetailerRegister: defineRoute({
    method: 'POST',
    path: 'Form/RetailerRegister',
    access: 'public',
    tag: 'Forms',
    summary: 'Trade account application from /register',
    body: retailerRegisterRequestSchema,
    response: formReceiptSchema,
  }),
  dealerRegister: defineRoute({
    method: 'POST',
    path: 'Dealer/Register',
    access: 'customer',
    customerRoles: ownerOnly,
    tag: 'Dealer',
    summary: 'Application to join a dealer program',
    body: dealerRegisterRequestSchema,
    response: formReceiptSchema,
  }),
};
