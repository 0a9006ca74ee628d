import { z } from 'zod';
import { defineRoute } from './route';

export const stateSchema = z.object({ code: z.string(), name: z.string() });
export type AustralianState = z.infer<typeof stateSchema>;

export const siteSettingsSchema = z.object({
  companyName: z.string(),
  phone: z.string(),
  email: z.string(),
  customisationPartnerUrl: z.string(),
  demoMode: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const globalRoutes = {
  globalStates: defineRoute({
    method: 'GET',
    path: 'Global/States',
    access: 'public',
    tag: 'Global',
    summary: 'Australian states and territories',
    response: z.array(stateSchema),
  }),
  globalSettings: defineRoute({
    method: 'GET',
    path: 'Global/Settings',
    access: 'public',
    tag: 'Global',
    summary: 'Site settings the shell shows (phone number, partner link, demo mode)',
    response: siteSettingsSchema,
  }),
};
