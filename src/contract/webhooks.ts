import { z } from 'zod';
import { eventTypes, schemaVersionChoiceSchema } from './events';
import { bodyId } from './ids';
import { defineRoute } from './route';

/** A receiver's address: http or https, no user name or password in it (the signature is the credential). */
export const webhookUrlSchema = z
  .url({ protocol: /^https?$/, hostname: z.regexes.hostname, error: 'must be an http or https address' })
  .max(2_000)
  .refine((value) => {
    // Runs after a failed URL check too: what cannot be parsed was refused there already.
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'must not carry a user name or password');

/** The event types an endpoint takes: at least one, each a type the shop sends. */
export const webhookEventTypesSchema = z
  .array(
    z.enum(eventTypes as [string, ...string[]], {
      error: `is not an event type the shop sends (${eventTypes.join(', ')})`,
    }),
  )
  .min(1, 'name at least one event type')
  .transform((types) => [...new Set(types)]);

export const webhookEndpointInputSchema = z
  .strictObject({
    url: webhookUrlSchema,
    events: webhookEventTypesSchema,
    /**
     * The schema version to send each event type at (`{ "order.placed": 2 }`), fixed for the endpoint's life; a
     * type not named goes at version 1 (docs/integration.md, Schema versions).
     */
    schemaVersions: schemaVersionChoiceSchema.optional(),
  })
  .superRefine((input, context) => {
    for (const type of Object.keys(input.schemaVersions ?? {}))
      if (!input.events.includes(type))
        context.addIssue({ code: 'custom', path: ['schemaVersions', type], message: 'is not one of the events named' });
  });

export const webhookEndpointSchema = z.object({
  id: z.int(),
  url: z.string(),
  events: z.array(z.string()),
  /** The schema version each of its event types is sent at. */
  schemaVersions: z.record(z.string(), z.int()),
  active: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** 'order.placed v2, order.paid v1': an endpoint's event types, each with the schema version it is sent at. */
export function versionedEventsText(endpoint: Pick<WebhookEndpoint, 'events' | 'schemaVersions'>): string {
  return endpoint.events.map((type) => `${type} v${endpoint.schemaVersions[type] ?? 1}`).join(', ');
}

export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({
  /** The signing secret (`whsec_…`): answered this once, never again. */
  secret: z.string(),
});

export const webhookEndpointIdSchema = z.strictObject({ id: bodyId });

/** A delivery that used up its retries, kept to be looked at and replayed. */
export const deadWebhookDeliverySchema = z.object({
  deliveryId: z.int(),
  endpointId: z.int(),
  url: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  attempts: z.int(),
  lastAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  lastResponseStatus: z.int().nullable(),
  lastError: z.string().nullable(),
});
export type DeadWebhookDelivery = z.infer<typeof deadWebhookDeliverySchema>;

export const webhookEndpointsSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export const deadWebhookDeliveriesSchema = z.object({ deliveries: z.array(deadWebhookDeliverySchema) });
export const webhookReplayInputSchema = z.strictObject({ deliveryId: bodyId });
export const replayedWebhookDeliverySchema = deadWebhookDeliverySchema
  .omit({ lastAttemptAt: true })
  .extend({ state: z.string() });

export const webhookRoutes = {
  integrationWebhookAdd: defineRoute({
    method: 'POST',
    path: 'Integration/Webhooks',
    access: 'integration',
    tag: 'Integration',
    summary: 'Registers a webhook endpoint for some event types; answers its signing secret once',
    body: webhookEndpointInputSchema,
    response: createdWebhookEndpointSchema,
  }),
  integrationWebhookList: defineRoute({
    method: 'GET',
    path: 'Integration/Webhooks',
    access: 'integration',
    tag: 'Integration',
    summary: 'The webhook endpoints, without their secrets',
    response: webhookEndpointsSchema,
  }),
  integrationWebhookDisable: defineRoute({
    method: 'POST',
    path: 'Integration/Webhooks/Disable',
    access: 'integration',
    tag: 'Integration',
    summary: 'Stops sending to an endpoint; what it was still owed is not sent',
    body: webhookEndpointIdSchema,
    response: webhookEndpointSchema,
  }),
  integrationWebhookDeadLetters: defineRoute({
    method: 'GET',
    path: 'Integration/Webhooks/DeadLetters',
    access: 'integration',
    tag: 'Integration',
    summary: 'Deliveries that used up their retries, newest first',
    response: deadWebhookDeliveriesSchema,
  }),
  integrationWebhookReplay: defineRoute({
    method: 'POST',
    path: 'Integration/Webhooks/Replay',
    access: 'integration',
    tag: 'Integration',
    summary: 'Sends a dead delivery again, as new',
    body: webhookReplayInputSchema,
    response: replayedWebhookDeliverySchema,
  }),
};
