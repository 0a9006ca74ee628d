import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client';
import type { ChannelListener } from '../../db/notification-listener';

/** The PostgreSQL channel on which every instance hears that the catalogue changed (DESIGN.md §9). */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

const changeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stock'), productIds: z.array(z.int()) }),
  z.object({ kind: z.literal('account'), accountId: z.int() }),
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('accounts'), accountIds: z.array(z.int()) }),
  z.object({ kind: z.literal('prices'), productIds: z.array(z.int()) }),
]);
export type CatalogueChange = z.infer<typeof changeSchema>;

/** How long a change stays readable: far longer than any instance takes to hear of it. */
const CHANGE_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Records what changed under the next catalogue revision and tells every instance (this one included) the revision;
 * inside a transaction both happen on commit. The notification carries the revision alone, so a change of any size fits
 * NOTIFY's limit. Taking a sequence value locks nothing, so concurrent orders do not wait on each other.
 */
export async function announceCatalogueChange(db: Database, change: CatalogueChange): Promise<void> {
  await db.execute(sql`
    with recorded as (
      insert into catalogue_changes (revision, change)
      values (nextval('catalogue_revision'), ${JSON.stringify(change)}::jsonb)
      returning revision
    )
    select pg_notify(${CATALOGUE_CHANNEL}, (select revision from recorded)::text)`);
}

const changeRowsSchema = z.object({ rows: z.array(z.object({ change: z.unknown() })).max(1) });

/**
 * The change a revision announced; null when it is no longer kept or no longer readable (an older shape), and the
 * caller then reloads everything.
 */
export async function readCatalogueChange(db: Database, revision: number): Promise<CatalogueChange | null> {
  const { rows } = changeRowsSchema.parse(
    await db.execute(sql`select change from catalogue_changes where revision = ${revision}`),
  );
  const parsed = changeSchema.safeParse(rows[0]?.change);
  return parsed.success ? parsed.data : null;
}

/** Forgets changes every instance has long heard of. */
export async function pruneCatalogueChanges(db: Database, now: Date): Promise<void> {
  await db.execute(
    sql`delete from catalogue_changes where created_at < ${new Date(now.getTime() - CHANGE_RETENTION_MS).toISOString()}`,
  );
}

const sequenceStateSchema = z.object({
  rows: z.array(z.object({ last_value: z.coerce.number().int(), is_called: z.boolean() })).length(1),
});

/** The last revision any process announced; 0 before the first. */
export async function latestCatalogueRevision(db: Database): Promise<number> {
  const { rows } = sequenceStateSchema.parse(
    await db.execute(sql`select last_value, is_called from catalogue_revision`),
  );
  const [state] = rows;
  return state?.is_called ? state.last_value : 0;
}

const revisionSchema = z.coerce.number().int().positive();

/** LISTENs on the channel (PGlite or PostgreSQL, through the database handle); answers its health and how to stop. */
export function listenForCatalogueChanges(
  handle: DatabaseHandle,
  handlers: { onAnnouncement(revision: number): void; onReconnect(): void },
): Promise<ChannelListener> {
  return handle.listen(CATALOGUE_CHANNEL, {
    onPayload: (payload) => {
      const revision = revisionSchema.safeParse(payload);
      if (revision.success) handlers.onAnnouncement(revision.data);
    },
    onReconnect: handlers.onReconnect,
  });
}
