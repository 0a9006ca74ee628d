import { z } from 'zod';

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
