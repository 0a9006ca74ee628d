import { z } from 'zod';
import { orderStatusSchema, paymentMethodSystemNameSchema } from './checkout';
import { fulfilmentStatusSchema } from './order-fulfilment';
import { defineRoute } from './route';

/*
 * Events out (docs/integration.md, Events): what the shop tells the wholesaler's systems. Each event has an id, a
 * type, the time it happened, a schema version and a body defined here; amounts are whole cents, excluding GST unless
 * named otherwise, as the order stores them.
 */

const orderLineEventSchema = z.object({
  sku: z.string(),
  name: z.string(),
  quantity: z.int(),
  unitPriceCents: z.int(),
  discountCents: z.int(),
  lineTotalCents: z.int(),
});

export const orderPlacedEventDataSchema = z.object({
  /** The shop's order number, as the dealer sees it. */
  orderNumber: z.string(),
  accountCode: z.string(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSystemNameSchema,
  /** The dealer's own references. */
  stockNumber: z.string().nullable(),
  customerOrderNumber: z.string().nullable(),
  deliveryNotes: z.string().nullable(),
  shippingMethod: z.string(),
  pickupInStore: z.boolean(),
  deliveryAddress: z.object({ address1: z.string(), city: z.string(), postcode: z.string(), state: z.string() }),
  /** A wheel's accessories follow it, in the order the dealer sees them. */
  lines: z.array(orderLineEventSchema),
  subtotalCents: z.int(),
  discountCents: z.int(),
  shippingCents: z.int(),
  /** GST. */
  taxCents: z.int(),
  /** Including GST. */
  totalCents: z.int(),
});
export type OrderPlacedEventData = z.infer<typeof orderPlacedEventDataSchema>;

/** Where an order is after it was placed, as the wholesaler's systems told the shop (Integration/Orders/Status). */
export const orderStatusChangedEventDataSchema = z.object({
  orderNumber: z.string(),
  accountCode: z.string(),
  status: fulfilmentStatusSchema,
  /** Null when this is the order's first status. */
  previousStatus: fulfilmentStatusSchema.nullable(),
  carrier: z.string().nullable(),
  consignment: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** A calendar day ('2026-12-01'). */
  expectedDate: z.string().nullable(),
  reason: z.string().nullable(),
  lines: z.array(z.object({ sku: z.string(), quantity: z.int() })).nullable(),
});
export type OrderStatusChangedEventData = z.infer<typeof orderStatusChangedEventDataSchema>;

/** Each event type with the schema of its body; a body's shape changes only with a new schema version. */
export const eventBodies = {
  'order.placed': { schemaVersion: 1, data: orderPlacedEventDataSchema },
  'order.status_changed': { schemaVersion: 1, data: orderStatusChangedEventDataSchema },
} as const;
export type EventType = keyof typeof eventBodies;
export const eventTypes = Object.keys(eventBodies) as EventType[];

const eventOf = <Type extends EventType>(type: Type) =>
  z.object({
    /** Unique and increasing: the feed's cursor. */
    id: z.string(),
    type: z.literal(type),
    occurredAt: z.iso.datetime({ offset: true }),
    schemaVersion: z.literal(eventBodies[type].schemaVersion),
    data: eventBodies[type].data as (typeof eventBodies)[Type]['data'],
  });

export const integrationEventSchema = z.discriminatedUnion('type', [
  eventOf('order.placed'),
  eventOf('order.status_changed'),
]);
export type IntegrationEvent = z.infer<typeof integrationEventSchema>;

/** The most events one page of the feed answers. */
export const EVENT_PAGE_MAX = 500;

export const eventFeedQuerySchema = z.strictObject({
  /** The `next` of the page before; none from the oldest event kept. */
  after: z
    .string()
    .regex(/^\d{1,18}$/, 'is not a cursor the feed gave')
    .optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_PAGE_MAX).default(100),
});

export const eventFeedSchema = z.object({
  /** Oldest first. */
  events: z.array(integrationEventSchema),
  /** The cursor to ask from next time: the last event's id, or `after` as given when there is nothing new. */
  next: z.string().nullable(),
});
export type EventFeed = z.infer<typeof eventFeedSchema>;

export const eventRoutes = {
  integrationEvents: defineRoute({
    method: 'GET',
    path: 'Integration/Events',
    access: 'integration',
    tag: 'Integration',
    summary: 'Events out, oldest first, from a cursor: for systems that poll rather than receive webhooks',
    query: eventFeedQuerySchema,
    response: eventFeedSchema,
  }),
};
