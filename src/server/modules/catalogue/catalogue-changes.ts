import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client';
import type { ChannelListener } from '../../db/notification-listener';

/** The PostgreSQL channel on which every instance hears that the catalogue changed (DESIGN.md §9). */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

const changeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stock'), productIds: z.array(z.int()).max(1_000) }),
  z.object({ kind: z.literal('account'), accountId: z.int() }),
  z.object({ kind: z.literal('all') }),
]);
export type CatalogueChange = z.infer<typeof changeSchema>;

const announcementSchema = z.object({ revision: z.coerce.number().int().nonnegative(), change: changeSchema });
export type CatalogueAnnouncement = z.infer<typeof announcementSchema>;

/**
 * Tells every instance (this one included) what changed; inside a transaction it is sent on commit. It carries the
 * next catalogue revision, a sequence: taking a value locks nothing, so concurrent orders do not wait on each other.
 */
export async function announceCatalogueChange(db: Database, change: CatalogueChange): Promise<void> {
  await db.execute(
    sql`select pg_notify(${CATALOGUE_CHANNEL}, json_build_object('revision', nextval('catalogue_revision'), 'change', ${JSON.stringify(change)}::json)::text)`,
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

function parseAnnouncement(payload: string): CatalogueAnnouncement | null {
  try {
    const parsed = announcementSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** LISTENs on the channel (PGlite or PostgreSQL, through the database handle); answers its health and how to stop. */
export function listenForCatalogueChanges(
  handle: DatabaseHandle,
  handlers: { onAnnouncement(announcement: CatalogueAnnouncement): void; onReconnect(): void },
): Promise<ChannelListener> {
  return handle.listen(CATALOGUE_CHANNEL, {
    onPayload: (payload) => {
      const announcement = parseAnnouncement(payload);
      if (announcement) handlers.onAnnouncement(announcement);
    },
    onReconnect: handlers.onReconnect,
  });
}
