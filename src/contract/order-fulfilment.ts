import { z } from 'zod';
import { defineRoute } from './route';

/**
 * Where an order is after it was placed, as the wholesaler's systems tell the shop (Integration/Orders/Status). Null
 * on an order until the first status arrives; the payment status (orderStatuses) is a separate matter.
 */
export const fulfilmentStatuses = [
  'Accepted',
  'Picking',
  'Shipped',
  'PartlyShipped',
  'Delivered',
  'BackOrdered',
  'Cancelled',
] as const;
export const fulfilmentStatusSchema = z.enum(fulfilmentStatuses);
export type FulfilmentStatus = z.infer<typeof fulfilmentStatusSchema>;

/** A tracking link the dealer opens from the order page: https only, so nothing else is ever linked. */
const trackingUrlSchema = z
  .string()
  .trim()
  .max(500, 'Use at most 500 characters')
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', 'Use an https:// link');

const detailText = (max: number) => z.string().trim().min(1).max(max);

export const statusLineSchema = z.object({
  sku: detailText(100),
  quantity: z.int().min(1).max(100_000),
});
export type StatusLine = z.infer<typeof statusLineSchema>;

/**
 * POST Integration/Orders/Status (docs/integration.md, Status back). A shipment names its carrier, consignment and
 * tracking link; a back-order its expected date (a calendar day); a cancellation its reason. `lines` are the SKUs and
 * quantities a part shipment holds.
 */
export const orderStatusBodySchema = z
  .object({
    orderNumber: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'is not an order number'),
    status: fulfilmentStatusSchema,
    carrier: detailText(100).optional(),
    consignment: detailText(100).optional(),
    trackingUrl: trackingUrlSchema.optional(),
    expectedDate: z.iso.date({ error: 'Use a date such as 2026-12-01' }).optional(),
    reason: detailText(500).optional(),
    lines: z.array(statusLineSchema).min(1).max(200).optional(),
  })
  .superRefine((body, context) => {
    const need = (field: keyof typeof body, words: string) => {
      if (body[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: words });
    };
    if (body.status === 'Shipped' || body.status === 'PartlyShipped') {
      need('carrier', `A ${body.status} status names the carrier`);
      need('consignment', `A ${body.status} status names the consignment number`);
      need('trackingUrl', `A ${body.status} status gives the tracking link`);
    }
    if (body.status === 'PartlyShipped') need('lines', 'A part shipment lists the SKUs and quantities it holds');
    if (body.status === 'BackOrdered') need('expectedDate', 'A back-order gives the date the stock is expected');
    if (body.status === 'Cancelled') need('reason', 'A cancellation gives its reason');
  });
export type OrderStatusBody = z.input<typeof orderStatusBodySchema>;

/** What a status post answers (and answers again, unchanged, to a retry under the same Idempotency-Key). */
export const orderStatusReceiptSchema = z.object({
  orderNumber: z.string(),
  status: fulfilmentStatusSchema,
  /** The status before this one; null when it was the first. */
  previousStatus: fulfilmentStatusSchema.nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type OrderStatusReceipt = z.infer<typeof orderStatusReceiptSchema>;

/** One entry of an order's timeline, oldest first, as Order/Details shows it to the dealer. */
export const orderTimelineEntrySchema = z.object({
  status: fulfilmentStatusSchema,
  occurredAt: z.iso.datetime({ offset: true }),
  carrier: z.string().nullable(),
  consignment: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** A calendar day ('2026-12-01'). */
  expectedDate: z.string().nullable(),
  reason: z.string().nullable(),
  lines: z.array(z.object({ sku: z.string(), quantity: z.int() })).nullable(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

export const orderStatusRoutes = {
  integrationOrderStatus: defineRoute({
    method: 'POST',
    path: 'Integration/Orders/Status',
    access: 'integration',
    tag: 'Integration',
    summary:
      "The wholesaler's systems tell where an order is (Accepted to Delivered, BackOrdered, Cancelled); needs the orders scope and an Idempotency-Key",
    body: orderStatusBodySchema,
    response: orderStatusReceiptSchema,
  }),
};
