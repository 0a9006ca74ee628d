import type { FastifyBaseLogger } from 'fastify';
import type { OrderStatusBody } from './order-status-service';
import { shippedMailRecipient } from './order-status-service';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { mailerFor } from '../../integrations/mail/mailer';

/**
 * Tells the account an order (or part of it) has shipped, with the carrier and the tracking link. Sent after the
 * status has committed, and never fails the status post: the timeline is the record, the mail a courtesy. Kept to
 * this one function so it can move onto an outbox of its own.
 */
export async function mailOrderShipped(
  deps: { readonly db: Database; readonly config: Config; readonly log: FastifyBaseLogger },
  orderId: number,
  body: OrderStatusBody,
): Promise<void> {
  if (body.status !== 'Shipped' && body.status !== 'PartlyShipped') return;
  try {
    const to = await shippedMailRecipient(deps.db, orderId);
    if (to === null) return;
    const part = body.status === 'PartlyShipped';
    await mailerFor(deps.config).send({
      to,
      subject: part ? `Part of your order ${orderId} has shipped` : `Your order ${orderId} has shipped`,
      text: [
        part ? `Part of your order ${orderId} is on its way.` : `Your order ${orderId} is on its way.`,
        '',
        `Carrier: ${body.carrier ?? ''}`,
        `Consignment: ${body.consignment ?? ''}`,
        `Track it: ${body.trackingUrl ?? ''}`,
        ...(body.lines ? ['', 'In this shipment:', ...body.lines.map((line) => `${line.quantity} × ${line.sku}`)] : []),
      ].join('\n'),
    });
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'shipping mail not sent');
  }
}
