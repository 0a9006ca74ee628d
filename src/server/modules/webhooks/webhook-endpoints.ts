import { and, desc, eq } from 'drizzle-orm';
import { type EventType, type SchemaVersionChoice, answeredSchemaVersion } from '../../../contract/events';
import type { DeadWebhookDelivery, WebhookEndpoint } from '../../../contract/webhooks';
import type { Database } from '../../db/client';
import { outboxEvents, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { deliveryMachine } from '../../../../machines/delivery';
import { deliveryActor, storedFields } from '../delivery/delivery-snapshot';
import { webhookFields } from './webhook-dispatcher';
import { newSigningSecret } from './webhook-signature';

function endpointOf(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.eventTypes,
    schemaVersions: Object.fromEntries(
      row.eventTypes.map((type) => [
        type,
        answeredSchemaVersion(type as EventType, Number.POSITIVE_INFINITY, row.schemaVersions),
      ]),
    ),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Registers an endpoint (its URL and event types already parsed by the contract) and answers its secret once. */
export async function addWebhookEndpoint(
  db: Database,
  endpoint: {
    readonly url: string;
    readonly events: readonly string[];
    readonly schemaVersions?: SchemaVersionChoice | undefined;
    readonly createdByKeyId: number | null;
  },
): Promise<WebhookEndpoint & { secret: string }> {
  const secret = newSigningSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: endpoint.url,
      secret,
      eventTypes: [...endpoint.events],
      schemaVersions: endpoint.schemaVersions ?? {},
      createdByKeyId: endpoint.createdByKeyId,
    })
    .returning();
  if (!row) throw new Error('the endpoint was not stored');
  return { ...endpointOf(row), secret };
}

export async function listWebhookEndpoints(db: Database): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
  return rows.map(endpointOf);
}

/** Stops sending to an endpoint; null when there is no such endpoint. */
export async function disableWebhookEndpoint(db: Database, id: number): Promise<WebhookEndpoint | null> {
  const [row] = await db.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.id, id)).returning();
  return row ? endpointOf(row) : null;
}

const deadColumns = {
  deliveryId: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  url: webhookEndpoints.url,
  eventId: outboxEvents.id,
  eventType: outboxEvents.type,
  attempts: webhookDeliveries.attempts,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  lastResponseStatus: webhookDeliveries.lastResponseStatus,
  lastError: webhookDeliveries.lastError,
};

/** The dead letters: deliveries that used up their retries, newest first. */
export async function listDeadDeliveries(db: Database, limit = 500): Promise<DeadWebhookDelivery[]> {
  const rows = await db
    .select(deadColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.state, 'dead'))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    eventId: String(row.eventId),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  }));
}

/** A dead delivery starts again as new (machines/delivery.ts, replay); null when it is not dead. */
export async function replayDeadDelivery(
  db: Database,
  deliveryId: number,
  now: Date,
): Promise<(Omit<DeadWebhookDelivery, 'lastAttemptAt'> & { state: string }) | null> {
  const [dead] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.state, 'dead')));
  if (!dead) return null;
  const actor = deliveryActor(deliveryMachine, { ...dead, lastStatus: dead.lastResponseStatus });
  actor.send({ type: 'delivery.replay', at: now.getTime() });
  const replayed = webhookFields(storedFields(actor.getSnapshot()));
  actor.stop();
  const [updated] = await db
    .update(webhookDeliveries)
    .set(replayed)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.state, 'dead')))
    .returning({ id: webhookDeliveries.id });
  if (!updated) return null;
  const [row] = await db
    .select({ ...deadColumns, state: webhookDeliveries.state })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return null;
  const { lastAttemptAt: _lastAttemptAt, ...rest } = row;
  return { ...rest, eventId: String(row.eventId) };
}
