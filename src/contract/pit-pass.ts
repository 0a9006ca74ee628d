import { z } from 'zod';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

/** Pit Pass tiers, by points earned over the last 12 months (a redemption spends points, it does not lower the tier). */
export const pitPassTiers = [
  { tier: 'Bronze', minimumPoints: 0 },
  { tier: 'Silver', minimumPoints: 5_000 },
  { tier: 'Gold', minimumPoints: 12_000 },
  { tier: 'Platinum', minimumPoints: 25_000 },
] as const;
export const pitPassTierSchema = z.enum(['Bronze', 'Silver', 'Gold', 'Platinum']);
export type PitPassTier = z.infer<typeof pitPassTierSchema>;

/** Points for purchases: one per whole $10 invoiced excl. GST. */
export const PIT_PASS_CENTS_PER_POINT = 1_000;

/** What Pit Pass points buy (Dealer/Promotion with program 'PitPass'). */
export const pitPassRewards = [
  { code: 'TYRE-GAUGE', name: 'Digital tyre pressure gauge', points: 800 },
  { code: 'WORKSHOP-JACKET', name: 'Pit Pass workshop jacket', points: 1_500 },
  { code: 'FUEL-CARD-100', name: '$100 fuel card', points: 4_000 },
  { code: 'RACE-DAY', name: 'Two race-day passes with pit lane access', points: 9_000 },
] as const;
export const pitPassRewardCodes = pitPassRewards.map((reward) => reward.code) as [
  (typeof pitPassRewards)[number]['code'],
  ...(typeof pitPassRewards)[number]['code'][],
];

export const pitPassEntrySchema = z.object({
  /** ISO 8601 instant. */
  date: z.string(),
  description: z.string(),
  /** Earned (positive) or spent (negative). */
  points: z.int(),
});
export type PitPassEntry = z.infer<typeof pitPassEntrySchema>;

export const pitPassSchema = z.object({
  accountCode: z.string(),
  /** Points available to spend: everything earned minus everything redeemed. */
  points: z.int(),
  tier: pitPassTierSchema,
  /** Points earned over the last 12 months, which decide the tier. */
  tierPoints: z.int(),
  /** The next tier and how many more points earn it; null at the top tier. */
  nextTier: z.object({ tier: pitPassTierSchema, pointsNeeded: z.int() }).nullable(),
  /** Newest first, at most 100 entries. */
  history: z.array(pitPassEntrySchema),
});
export type PitPass = z.infer<typeof pitPassSchema>;

export const pitPassRoutes = {
  pitPassGet: defineRoute({
    method: 'GET',
    path: 'PitPass/Get',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Dealer',
    summary: "The account's Pit Pass standing: points, tier and history (403 without Pit Pass)",
    response: pitPassSchema,
  }),
};
