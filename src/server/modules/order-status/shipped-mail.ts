import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, orders, users } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import type { OrderStatusBody } from './order-status-service';

/** Where the shipping mail goes: the account's contact, else whoever placed the order; null when not wanted. */
async function shippedMailRecipient(db: Database, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ contactEmail: accounts.contactEmail, userEmail: users.email, wanted: accounts.mailWhenShipped })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row?.wanted) return null;
  return row.contactEmail ?? row.userEmail ?? null;
}

/**
 * The mail telling the account an order (or part of it) has shipped, with the carrier and the tracking link; none
 * for other statuses or when the account turned it off. Queued with the status, so it goes once the status commits.
 */
export async function shippedMail(db: Database, orderId: number, body: OrderStatusBody): Promise<MailMessage[]> {
  if (body.status !== 'Shipped' && body.status !== 'PartlyShipped') return [];
  const to = await shippedMailRecipient(db, orderId);
  if (to === null) return [];
  const part = body.status === 'PartlyShipped';
  return [
    {
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
    },
  ];
}
