import { z } from 'zod';
import { defineRoute } from './route';

/**
 * What an integration key may do. Each integration route, and each kind of import, names the scope it needs
 * (docs/integration.md).
 */
export const integrationScopes = [
  'catalogue',
  'prices',
  'stock',
  'accounts',
  'invoices',
  'events',
  'orders',
  'webhooks',
] as const;
export type IntegrationScope = (typeof integrationScopes)[number];
export const integrationScopeSchema = z.enum(integrationScopes);

/** A key's name: what logs and lists call it ('erp', 'stock-feed'). */
export const integrationKeyNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'Use 1 to 64 lower-case letters, digits, dots, dashes or underscores');

/** Scopes as a command line or a form gives them: 'stock,prices'. */
export const integrationScopeListSchema = z
  .string()
  .transform((text) => text.split(',').map((scope) => scope.trim()))
  .pipe(z.array(integrationScopeSchema).min(1, 'Name at least one scope'))
  .transform((scopes) => [...new Set(scopes)]);

export const integrationKeySchema = z.object({
  name: z.string(),
  scopes: z.array(integrationScopeSchema),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type IntegrationKeyInfo = z.infer<typeof integrationKeySchema>;

export const integrationRoutes = {
  integrationKey: defineRoute({
    method: 'GET',
    path: 'Integration/Key',
    access: 'integration',
    tag: 'Integration',
    summary: 'The integration key the call was made with: its name and scopes (a check that a key works)',
    response: integrationKeySchema,
  }),
};
