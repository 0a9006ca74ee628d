import { z } from 'zod';
import { priceDisplaySchema } from './catalogue-common';
import { orderStatusSchema, paymentMethodSystemNameSchema } from './checkout';
import { dealerPrograms } from './forms';
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

/** Version 2: each line says how much of it waits for inbound stock (docs/checkout.md, Back-orders). */
export const orderPlacedV2EventDataSchema = orderPlacedEventDataSchema.extend({
  lines: z.array(
    orderLineEventSchema.extend({
      /** Of `quantity`, the units that wait for inbound stock; 0 when the line ships in full now. */
      backOrderQuantity: z.int(),
      /** The calendar day ('2026-12-10') the back-ordered units are expected; null when nothing is back-ordered. */
      backOrderExpectedDate: z.iso.date().nullable(),
    }),
  ),
});
export type OrderPlacedV2EventData = z.infer<typeof orderPlacedV2EventDataSchema>;

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

/** What every event about a placed order's payment carries: enough to find the order and what it was for. */
const orderPaymentEventFields = {
  orderNumber: z.string(),
  accountCode: z.string(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSystemNameSchema,
  /** Including GST: what the payment is (or was) for. */
  totalCents: z.int(),
};

/** The card or PayPal payment was captured while the order still held its stock: it goes ahead as ordered. */
export const orderPaidEventDataSchema = z.object({
  ...orderPaymentEventFields,
  paidAt: z.iso.datetime({ offset: true }),
});

/** The provider refused the payment: the order gave its stock back and will not be fulfilled. */
export const orderPaymentFailedEventDataSchema = z.object({
  ...orderPaymentEventFields,
  stockReleasedAt: z.iso.datetime({ offset: true }),
});

/**
 * The order gave its stock back unpaid: its reservation lapsed, or the dealer submitted the same cart again with
 * another payment method (a new order follows).
 */
export const orderExpiredEventDataSchema = z.object({
  ...orderPaymentEventFields,
  stockReleasedAt: z.iso.datetime({ offset: true }),
});

/**
 * Money was taken for an order that had already given its stock back: staff must either find the stock again or
 * refund (Staff/PaidAfterRelease).
 */
export const orderPaidAfterReleaseEventDataSchema = z.object({
  ...orderPaymentEventFields,
  paidAt: z.iso.datetime({ offset: true }),
  stockReleasedAt: z.iso.datetime({ offset: true }),
});

/** Staff refunded, in full through its provider, an order paid after its stock was released: it will not be fulfilled. */
export const orderRefundedEventDataSchema = z.object({
  ...orderPaymentEventFields,
  /** The provider's reference of the refund. */
  refundReference: z.string(),
  refundedAt: z.iso.datetime({ offset: true }),
});

/** A payment made in the shop (Account, pay invoices) settled part or all of an invoice. */
export const invoicePaidEventDataSchema = z.object({
  invoiceNumber: z.string(),
  accountCode: z.string(),
  /** The provider's reference for the payment, as its settlement report shows it. */
  paymentReference: z.string(),
  paymentMethod: paymentMethodSystemNameSchema,
  /** What this payment settled of this invoice. */
  amountPaidCents: z.int(),
  /** The invoice's total, including GST. */
  totalCents: z.int(),
  /** All payments so far, this one included. */
  paidCents: z.int(),
  outstandingCents: z.int(),
  /** When the invoice became fully paid; null while something is outstanding. */
  paidAt: z.iso.datetime({ offset: true }).nullable(),
});

const formContactSchema = z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() });

export const returnRequestedEventDataSchema = z.object({
  /** The reference the dealer was given and quotes. */
  reference: z.string(),
  accountCode: z.string(),
  invoiceNumber: z.string(),
  items: z.array(
    z.object({
      /** The line of the invoice, from 1. */
      lineNumber: z.int(),
      sku: z.string(),
      quantity: z.int(),
      reasonCode: z.string(),
      reason: z.string(),
    }),
  ),
  comments: z.string().nullable(),
  contact: formContactSchema,
});

export const warrantyClaimPhotoSchema = z.object({
  /** The blob's name in the upload container (UPLOAD_CONTAINER of the shop's Azure storage account). */
  blobName: z.string(),
  container: z.string(),
  originalFileName: z.string(),
  /** Where a system with an integration key (events scope) reads the file: GET Integration/UploadedFile. */
  url: z.string(),
});

/** An uploaded file by the blob name an event gives it. */
export const uploadedFileQuerySchema = z.object({
  name: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Give the blob name the event gave'),
});

export const warrantyClaimSubmittedEventDataSchema = z.object({
  reference: z.string(),
  accountCode: z.string(),
  invoiceNumber: z.string(),
  claimType: z.string(),
  claimTypeLabel: z.string(),
  brand: z.string(),
  tyreSize: z.string(),
  pattern: z.string().nullable(),
  dotSerial: z.string(),
  treadDepthMm: z.number(),
  kilometres: z.int(),
  vehicle: z.string(),
  endCustomerName: z.string().nullable(),
  faultDescription: z.string(),
  photos: z.array(warrantyClaimPhotoSchema),
  contact: formContactSchema,
});

/** A signed-in dealer applies to join a dealer program. */
export const applicationDealerEventDataSchema = z.object({
  reference: z.string(),
  accountCode: z.string(),
  program: z.enum(dealerPrograms),
  serviceBays: z.int(),
  monthlyTyreUnits: z.int(),
  brandsStocked: z.string().nullable(),
  message: z.string().nullable(),
  contact: formContactSchema,
});

/** A business without an account applies for a trade account. */
export const applicationRetailerEventDataSchema = z.object({
  reference: z.string(),
  legalName: z.string(),
  tradingName: z.string(),
  abn: z.string(),
  businessType: z.string(),
  yearsTrading: z.int(),
  address: z.object({ address1: z.string(), suburb: z.string(), state: z.string(), postcode: z.string() }),
  position: z.string().nullable(),
  website: z.string().nullable(),
  monthlySpend: z.string(),
  tradeReferences: z.array(z.object({ company: z.string(), contactName: z.string(), phone: z.string() })),
  contact: formContactSchema,
});

/** A question about one product, from a dealer signed in (accountCode) or a visitor (null). */
export const enquirySubmittedEventDataSchema = z.object({
  reference: z.string(),
  accountCode: z.string().nullable(),
  sku: z.string(),
  productName: z.string(),
  quantity: z.int().nullable(),
  message: z.string(),
  contact: formContactSchema,
});

const accountAddressEventSchema = z.object({
  address1: z.string(),
  city: z.string(),
  postcode: z.string(),
  state: z.string(),
});

/** The dealer saved Account/Details: the fields that changed, each with its new value. */
export const accountChangedEventDataSchema = z.object({
  accountCode: z.string(),
  changedFields: z.array(
    z.enum([
      'contactName',
      'phone',
      'email',
      'deliveryAddress',
      'billingAddress',
      'priceDisplay',
      'useTabNavigation',
      'mailWhenShipped',
    ]),
  ),
  changes: z.object({
    contactName: z.string().optional(),
    phone: z.string().optional(),
    email: z.string().optional(),
    deliveryAddress: accountAddressEventSchema.optional(),
    /** null: invoices go to the delivery address again. */
    billingAddress: accountAddressEventSchema.nullable().optional(),
    priceDisplay: priceDisplaySchema.optional(),
    useTabNavigation: z.boolean().optional(),
    mailWhenShipped: z.boolean().optional(),
  }),
});
export type AccountChangedEventData = z.infer<typeof accountChangedEventDataSchema>;

/**
 * Each event type with the schemas of its body, version 1 first: version n is the n-th. A body's shape changes only
 * with a new version, and a new version only adds fields to the one before, so an event written at the newest
 * version is answered at an older one by reading it through the older schema (which drops the fields it does not
 * declare). Events are written at the newest version; each reader gets the version it chose (docs/integration.md,
 * Schema versions).
 */
export const eventBodies = {
  'order.placed': [orderPlacedEventDataSchema, orderPlacedV2EventDataSchema],
  'order.status_changed': [orderStatusChangedEventDataSchema],
  'order.paid': [orderPaidEventDataSchema],
  'order.payment_failed': [orderPaymentFailedEventDataSchema],
  'order.expired': [orderExpiredEventDataSchema],
  'order.paid_after_release': [orderPaidAfterReleaseEventDataSchema],
  'order.refunded': [orderRefundedEventDataSchema],
  'invoice.paid': [invoicePaidEventDataSchema],
  'return.requested': [returnRequestedEventDataSchema],
  'warranty_claim.submitted': [warrantyClaimSubmittedEventDataSchema],
  'application.dealer': [applicationDealerEventDataSchema],
  'application.retailer': [applicationRetailerEventDataSchema],
  'enquiry.submitted': [enquirySubmittedEventDataSchema],
  'account.changed': [accountChangedEventDataSchema],
} as const satisfies Record<string, readonly [z.ZodObject, ...z.ZodObject[]]>;
export type EventType = keyof typeof eventBodies;
export const eventTypes = Object.keys(eventBodies) as EventType[];

type Last<List extends readonly unknown[]> = List extends readonly [...unknown[], infer Item] ? Item : never;
/** The schema an event of a type is written with: its newest version's. */
export type NewestEventBody<Type extends EventType> = Last<(typeof eventBodies)[Type]>;

/** The newest schema version of an event type. */
export function newestSchemaVersion(type: EventType): number {
  return eventBodies[type].length;
}

/** The version a reader that did not choose one gets: the first, so a reader never meets fields it did not ask for. */
const DEFAULT_SCHEMA_VERSION = 1;

/** The schema version each event type is answered at, as a reader chose it; a type not named is at version 1. */
export type SchemaVersionChoice = Partial<Record<EventType, number>>;

/** The version an event of `type` written at `storedVersion` is answered at for a reader's choice. */
export function answeredSchemaVersion(type: EventType, storedVersion: number, choice: SchemaVersionChoice): number {
  return Math.min(choice[type] ?? DEFAULT_SCHEMA_VERSION, storedVersion);
}

/** An event's body at one of its versions (1-based); the newer body read through the older schema. */
export function eventBodyAt(type: EventType, version: number, data: unknown): unknown {
  const schema = eventBodies[type][version - 1];
  if (!schema) throw new Error(`${type} has no schema version ${version}`);
  return schema.parse(data);
}

/** A version the type has, else the reason: checked wherever a reader chooses versions. */
function versionProblem(type: string, version: number): string | null {
  if (!(type in eventBodies)) return `${type} is not an event type the shop sends (${eventTypes.join(', ')})`;
  const newest = newestSchemaVersion(type as EventType);
  return version >= 1 && version <= newest ? null : `${type} has schema versions 1 to ${newest}`;
}

/** A webhook endpoint's choice: `{ "order.placed": 2 }`. */
export const schemaVersionChoiceSchema = z
  .record(z.string(), z.int())
  .superRefine((choice, context) => {
    for (const [type, version] of Object.entries(choice)) {
      const problem = versionProblem(type, version);
      if (problem) context.addIssue({ code: 'custom', path: [type], message: problem });
    }
  })
  .transform((choice) => choice as SchemaVersionChoice);

/** The feed's choice, in its query: `order.placed:2`, several apart by commas. */
export const schemaVersionChoiceQuerySchema = z
  .string()
  .max(2_000)
  .regex(/^[a-z_.]+:\d{1,3}(,[a-z_.]+:\d{1,3})*$/, 'give type:version pairs apart by commas (order.placed:2)')
  .transform((text, context) => {
    const choice: SchemaVersionChoice = {};
    for (const pair of text.split(',')) {
      const [type = '', version = ''] = pair.split(':');
      const problem = versionProblem(type, Number(version));
      if (problem) context.addIssue({ code: 'custom', message: problem });
      else choice[type as EventType] = Number(version);
    }
    return choice;
  });

type VersionIndex<Type extends EventType> = Extract<keyof (typeof eventBodies)[Type], `${number}`>;

/**
 * An event of one type at one schema version, as readers receive it; the version is given by its position in
 * eventBodies ('0' for version 1), which lets the compiler pick that version's body.
 */
const eventOf = <Type extends EventType, Index extends VersionIndex<Type>>(type: Type, index: Index) =>
  z.object({
    /** Unique: a receiver that has handled an id before does nothing more with it. */
    id: z.string(),
    type: z.literal(type),
    occurredAt: z.iso.datetime({ offset: true }),
    schemaVersion: z.literal(Number(index) + 1),
    // Spelled out: indexing by the type parameter would otherwise widen to every event's body.
    data: eventBodies[type][index] as (typeof eventBodies)[Type][Index],
  });

export const integrationEventSchema = z.discriminatedUnion('type', [
  z.discriminatedUnion('schemaVersion', [eventOf('order.placed', '0'), eventOf('order.placed', '1')]),
  eventOf('order.status_changed', '0'),
  eventOf('order.paid', '0'),
  eventOf('order.payment_failed', '0'),
  eventOf('order.expired', '0'),
  eventOf('order.paid_after_release', '0'),
  eventOf('order.refunded', '0'),
  eventOf('invoice.paid', '0'),
  eventOf('return.requested', '0'),
  eventOf('warranty_claim.submitted', '0'),
  eventOf('application.dealer', '0'),
  eventOf('application.retailer', '0'),
  eventOf('enquiry.submitted', '0'),
  eventOf('account.changed', '0'),
]);
export type IntegrationEvent = z.infer<typeof integrationEventSchema>;

/** The most events one page of the feed answers. */
export const EVENT_PAGE_MAX = 500;

/** Where a reader of the feed is: the transaction and the id of the last event it read, as `transaction-id`. */
export const eventCursorSchema = z
  .string()
  .regex(/^\d{1,18}-\d{1,18}$/, 'is not a cursor the feed gave')
  .transform((cursor) => {
    const [transactionId, id] = cursor.split('-').map(Number);
    return { transactionId: transactionId as number, id: id as number };
  });

export const eventFeedQuerySchema = z.strictObject({
  /** The `next` of the page before; none from the oldest event kept. */
  after: eventCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_PAGE_MAX).default(100),
  /** The schema version to answer each event type at (`order.placed:2`); a type not named is at version 1. */
  schemaVersions: schemaVersionChoiceQuerySchema.optional(),
});

export const eventFeedSchema = z.object({
  /** Oldest first. */
  events: z.array(integrationEventSchema),
  /** The cursor to ask from next time: after the last event answered, or `after` as given when there is nothing new. */
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
  integrationUploadedFile: defineRoute({
    method: 'GET',
    path: 'Integration/UploadedFile',
    access: 'integration',
    tag: 'Integration',
    summary:
      "A file a customer sent with a submission (a warranty claim's photos), by the blob name its event gives, with the content type the shop checked (needs the events scope)",
    query: uploadedFileQuerySchema,
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
    produces: 'application/octet-stream',
  }),
};
