import { z } from 'zod';
import { emailField, formReceiptSchema, invoiceNumberField } from './forms';
import { pitPassRewardCodes } from './pit-pass';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

/**
 * The dealer programs as their pages are spelt (/promotions/marshall, /promotions/Michelin, /promotions/PitPass), and
 * the account flag each needs (SPEC.md §6).
 */
export const programSlugs = ['marshall', 'Michelin', 'PitPass'] as const;
export type ProgramSlug = (typeof programSlugs)[number];
export const programFlags = {
  marshall: 'isMarshalKeyDealer',
  Michelin: 'isAssociateDealer',
  PitPass: 'hasPitPass',
} as const satisfies Record<ProgramSlug, string>;
export const programNames: Record<ProgramSlug, string> = {
  marshall: 'Marshal key dealer program',
  Michelin: 'Michelin associate dealer program',
  PitPass: 'Pit Pass loyalty program',
};

/** The Michelin associate promotions a dealer can currently sign up to. */
export const michelinPromotions = [
  { code: 'MIC-SUMMER-SELLOUT', name: 'Summer sell-out: bonus rebate on Pilot Sport sets of 4' },
  { code: 'MIC-4X4-SHOWCASE', name: '4x4 showcase: LTX display stand and point-of-sale kit' },
  { code: 'MIC-FLEET-PARTNER', name: 'Fleet partner: pricing support for fleet tenders' },
] as const;
export const michelinPromotionCodes = michelinPromotions.map((promotion) => promotion.code) as [
  (typeof michelinPromotions)[number]['code'],
  ...(typeof michelinPromotions)[number]['code'][],
];

const contactFields = {
  contactName: z
    .string({ error: 'Enter a contact name' })
    .trim()
    .min(1, 'Enter a contact name')
    .max(100, 'Use at most 100 characters'),
  contactEmail: emailField,
  comments: z.string().trim().max(2000, 'Use at most 2000 characters').optional(),
};

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Enter ${label}` })
    .int('Enter a whole number')
    .min(min, `Enter at least ${min}`)
    .max(max, `Enter at most ${max.toLocaleString('en-AU')}`);

/** A Marshal key dealer rebate claim for the Marshal tyres on one of the account's invoices. */
export const marshallClaimSchema = z.object({
  program: z.literal('marshall'),
  action: z.literal('Claim'),
  invoiceNumber: invoiceNumberField,
  quantity: wholeNumber('the number of Marshal tyres', 1, 500),
  ...contactFields,
});

/** Signing up to one of the current Michelin associate promotions. */
export const michelinSignUpSchema = z.object({
  program: z.literal('Michelin'),
  action: z.literal('SignUp'),
  promotion: z.enum(michelinPromotionCodes, { error: 'Choose a promotion' }),
  expectedUnits: wholeNumber('the Michelin tyres you expect to sell a month', 1, 10_000),
  ...contactFields,
});

/** Spending Pit Pass points on a reward; refused when the balance does not cover it. */
export const pitPassRedeemSchema = z.object({
  program: z.literal('PitPass'),
  action: z.literal('Redeem'),
  reward: z.enum(pitPassRewardCodes, { error: 'Choose a reward' }),
  quantity: wholeNumber('how many', 1, 10),
  ...contactFields,
});

export const dealerPromotionRequestSchema = z.discriminatedUnion(
  'program',
  [marshallClaimSchema, michelinSignUpSchema, pitPassRedeemSchema],
  { error: 'Choose a program: marshall, Michelin or PitPass' },
);
export type DealerPromotionRequest = z.input<typeof dealerPromotionRequestSchema>;

export const dealerRoutes = {
  dealerPromotion: defineRoute({
    method: 'POST',
    path: 'Dealer/Promotion',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Dealer',
    summary:
      'A claim, sign-up or redemption under a dealer program the account belongs to (403 otherwise): stored, acknowledged with a reference and mailed',
    body: dealerPromotionRequestSchema,
    response: formReceiptSchema,
  }),
};
