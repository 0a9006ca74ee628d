import { and, asc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type EventFeed,
  type EventType,
  type IntegrationEvent,
  type NewestEventBody,
  type SchemaVersionChoice,
  answeredSchemaVersion,
  eventBodyAt,
  newestSchemaVersion,
  integrationEventSchema,
} from '../../../contract/events';
import type { Database } from '../../db/client';
import { outboxEvents } from '../../db/schema';

/**
 * Writes an event in the caller's transaction: it commits with the change it tells of, or not at all. The body is
 * written at its type's newest schema version and checked against it here, so no reader ever meets an event its
 * schema does not describe.
 */
export async function recordEvent<Type extends EventType>(
  tx: Database,
  event: {
    readonly type: Type;
    readonly subject: string;
    readonly occurredAt: Date;
    readonly data: z.input<NewestEventBody<Type>>;
  },
): Promise<void> {
  const schemaVersion = newestSchemaVersion(event.type);
  await tx.insert(outboxEvents).values({
    type: event.type,
    schemaVersion,
    occurredAt: event.occurredAt,
    subject: event.subject,
    data: eventBodyAt(event.type, schemaVersion, event.data),
  });
}

/**
 * Only events older than every transaction still running on this database: an id is taken before its transaction
 * commits, so one still running may yet commit an id below those already committed, and a reader that moved past it
 * would never see it. Transaction ids are shared by the whole server, so the running transactions seen by other
 * databases (pg_stat_activity tells whose they are, by their low 32 bits) are set aside: they cannot write here, and
 * a busy neighbour would otherwise hold the feed back. Only those known to be elsewhere are set aside; one that ended
 * before pg_stat_activity was read still counts, which errs on the side of waiting.
 */
export const committedBeforeEveryRunningTransaction = sql`${outboxEvents.transactionId} < coalesce(
  (select min(running::text::bigint)
     from pg_snapshot_xip(pg_current_snapshot()) as running
    where running::text::bigint % 4294967296 not in (
      select backend_xid::text::bigint from pg_stat_activity
       where datname is distinct from current_database() and backend_xid is not null)),
  pg_snapshot_xmax(pg_current_snapshot())::text::bigint)`;

/**
 * An event as the feed answers it and a webhook carries it, at the schema version the reader chose for its type (at
 * most the version it was written at: an event written before a newer version existed keeps its own).
 */
export function publishedEvent(row: typeof outboxEvents.$inferSelect, choice: SchemaVersionChoice): IntegrationEvent {
  const type = row.type as EventType;
  const schemaVersion = answeredSchemaVersion(type, row.schemaVersion, choice);
  return integrationEventSchema.parse({
    id: String(row.id),
    type,
    occurredAt: row.occurredAt.toISOString(),
    schemaVersion,
    data: eventBodyAt(type, schemaVersion, row.data),
  });
}

/**
 * The events after a cursor, oldest first: in the order of the transactions that wrote them, each once every
 * transaction that might still write one before it has ended. Ids are taken before commit, so they do not commit in
 * order; transactions do not either, but one that starts after every running transaction has a later id than all of
 * them, so a reader that has passed (transaction, id) never meets an event before it again.
 */
export async function readEventFeed(
  db: Database,
  after: { transactionId: number; id: number } | undefined,
  limit: number,
  choice: SchemaVersionChoice,
): Promise<EventFeed> {
  const rows = await db
    .select()
    .from(outboxEvents)
    .where(
      and(
        after === undefined
          ? undefined
          : sql`(${outboxEvents.transactionId}, ${outboxEvents.id}) > (${after.transactionId}, ${after.id})`,
        committedBeforeEveryRunningTransaction,
      ),
    )
    .orderBy(asc(outboxEvents.transactionId), asc(outboxEvents.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    events: rows.map((row) => publishedEvent(row, choice)),
    next: last ? `${last.transactionId}-${last.id}` : after === undefined ? null : `${after.transactionId}-${after.id}`,
  };
}
