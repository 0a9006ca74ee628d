import { and, asc, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type EventFeed,
  type EventType,
  type IntegrationEvent,
  eventBodies,
  integrationEventSchema,
} from '../../../contract/events';
import type { Database } from '../../db/client';
import { outboxEvents } from '../../db/schema';

/**
 * Writes an event in the caller's transaction: it commits with the change it tells of, or not at all. The body is
 * checked against its contract here, so no reader ever meets an event its schema does not describe.
 */
export async function recordEvent<Type extends EventType>(
  tx: Database,
  event: {
    readonly type: Type;
    readonly subject: string;
    readonly occurredAt: Date;
    readonly data: z.input<(typeof eventBodies)[Type]['data']>;
  },
): Promise<void> {
  const body = eventBodies[event.type];
  await tx.insert(outboxEvents).values({
    type: event.type,
    schemaVersion: body.schemaVersion,
    occurredAt: event.occurredAt,
    subject: event.subject,
    data: body.data.parse(event.data),
  });
}

/**
 * Only events older than every transaction still running: an id is taken before its transaction commits, so one still
 * running may yet commit an id below those already committed, and a reader that moved past it would never see it.
 */
export const committedBeforeEveryRunningTransaction = sql`${outboxEvents.transactionId} < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

/** An event as the feed answers it and a webhook carries it. */
export function publishedEvent(row: typeof outboxEvents.$inferSelect): IntegrationEvent {
  return integrationEventSchema.parse({
    id: String(row.id),
    type: row.type,
    occurredAt: row.occurredAt.toISOString(),
    schemaVersion: row.schemaVersion,
    data: row.data,
  });
}

/** The events after a cursor, oldest first, each once every transaction that might commit an earlier one has ended. */
export async function readEventFeed(db: Database, after: number, limit: number): Promise<EventFeed> {
  const rows = await db
    .select()
    .from(outboxEvents)
    .where(and(gt(outboxEvents.id, after), committedBeforeEveryRunningTransaction))
    .orderBy(asc(outboxEvents.id))
    .limit(limit);
  const events = rows.map(publishedEvent);
  const last = events.at(-1);
  return { events, next: last ? last.id : after > 0 ? String(after) : null };
}
