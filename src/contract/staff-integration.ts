import { z } from 'zod';
import { queryId } from './ids';
import { importJobSchema } from './imports';
import { integrationKeyNameSchema, integrationScopeSchema } from './integration';
import { defineRoute } from './route';
import {
  createdWebhookEndpointSchema,
  deadWebhookDeliveriesSchema,
  replayedWebhookDeliverySchema,
  webhookEndpointIdSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookReplayInputSchema,
} from './webhooks';

/** An integration key as administrators see it in the back office: never the key itself, only its first characters. */
export const staffIntegrationKeyRowSchema = z.object({
  name: z.string(),
  scopes: z.array(integrationScopeSchema),
  /** The key's first characters, which tell keys apart in logs and lists. */
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type StaffIntegrationKeyRow = z.infer<typeof staffIntegrationKeyRowSchema>;

export const staffIntegrationKeysSchema = z.object({ keys: z.array(staffIntegrationKeyRowSchema) });
export type StaffIntegrationKeys = z.infer<typeof staffIntegrationKeysSchema>;

export const staffIntegrationKeyCreateSchema = z.object({
  name: integrationKeyNameSchema,
  scopes: z
    .array(integrationScopeSchema, { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .transform((scopes) => [...new Set(scopes)]),
});

/** The key just created: `key` is its secret, answered this once and never stored. */
export const staffIntegrationKeyCreatedSchema = z.object({
  name: z.string(),
  scopes: z.array(integrationScopeSchema),
  key: z.string(),
});
export type StaffIntegrationKeyCreated = z.infer<typeof staffIntegrationKeyCreatedSchema>;

/** Administrators only: a key reaches the shop's data as widely as its scopes say. */
const ADMINISTRATORS = [] as const;

export const staffIntegrationRoutes = {
  staffIntegrationKeys: defineRoute({
    method: 'GET',
    path: 'Staff/IntegrationKeys',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary: 'Every integration key by name: scopes, first characters, created, last used and revoked',
    response: staffIntegrationKeysSchema,
  }),
  staffIntegrationKeyCreate: defineRoute({
    method: 'POST',
    path: 'Staff/IntegrationKeys',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary:
      'Creates an integration key with a name and scopes; answers the key itself, this once (409 when the name is taken)',
    body: staffIntegrationKeyCreateSchema,
    response: staffIntegrationKeyCreatedSchema,
  }),
  staffIntegrationKeyRevoke: defineRoute({
    method: 'POST',
    path: 'Staff/IntegrationKeyRevoke',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary: 'Revokes an integration key by name, refused from its next call on (404 when no active key has the name)',
    body: z.object({ name: integrationKeyNameSchema }),
    response: staffIntegrationKeysSchema,
  }),
  staffImportJobs: defineRoute({
    method: 'GET',
    path: 'Staff/ImportJobs',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary:
      'The latest import jobs, newest first, whoever started them (a file is uploaded with POST Staff/Import, the body as in Integration/Import)',
    response: z.object({ jobs: z.array(importJobSchema) }),
  }),
  staffImportErrors: defineRoute({
    method: 'GET',
    path: 'Staff/ImportErrors',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary: 'Every refused row of an import job as CSV: line, column, value, reason (404 when there is no such job)',
    query: z.strictObject({ id: queryId }),
    response: z.string(),
    produces: 'text/csv; charset=utf-8',
  }),
  staffWebhookEndpoints: defineRoute({
    method: 'GET',
    path: 'Staff/WebhookEndpoints',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary: 'The webhook endpoints, as Integration/Webhooks lists them (never their secrets)',
    response: webhookEndpointsSchema,
  }),
  staffWebhookEndpointAdd: defineRoute({
    method: 'POST',
    path: 'Staff/WebhookEndpoints',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary: 'Registers a webhook endpoint for some event types; answers its signing secret, this once',
    body: webhookEndpointInputSchema,
    response: createdWebhookEndpointSchema,
  }),
  staffWebhookEndpointDisable: defineRoute({
    method: 'POST',
    path: 'Staff/WebhookEndpointDisable',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary: 'Stops sending to an endpoint; what it was still owed is not sent (404 when there is no such endpoint)',
    body: webhookEndpointIdSchema,
    response: webhookEndpointSchema,
  }),
  staffWebhookDeadDeliveries: defineRoute({
    method: 'GET',
    path: 'Staff/WebhookDeadDeliveries',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary: 'Webhook deliveries that used up their retries, newest first',
    response: deadWebhookDeliveriesSchema,
  }),
  staffWebhookReplay: defineRoute({
    method: 'POST',
    path: 'Staff/WebhookReplay',
    access: 'staff',
    staffRoles: ADMINISTRATORS,
    tag: 'Staff',
    summary: 'Sends a dead webhook delivery again, as new (404 when it is not dead)',
    body: webhookReplayInputSchema,
    response: replayedWebhookDeliverySchema,
  }),
};
