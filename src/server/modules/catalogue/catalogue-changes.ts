import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client';

/** The PostgreSQL channel on which every instance hears that the catalogue changed (DESIGN.md §9). */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

const changeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stock'), productIds: z.array(z.int()).max(1_000) }),
  z.object({ kind: z.literal('account'), accountId: z.int() }),
  z.object({ kind: z.literal('all') }),
]);
export type CatalogueChange = z.infer<typeof changeSchema>;

/** Tells every instance (this one included) what changed; inside a transaction it is sent on commit. */
export async function announceCatalogueChange(db: Database, change: CatalogueChange): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${JSON.stringify(change)})`);
}

function parseChange(payload: string): CatalogueChange | null {
  try {
    const parsed = changeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** LISTENs on the channel (PGlite or PostgreSQL, through the database handle); returns how to stop. */
export function listenForCatalogueChanges(
  handle: DatabaseHandle,
  onChange: (change: CatalogueChange) => void,
): Promise<() => Promise<void>> {
  return handle.listen(CATALOGUE_CHANNEL, (payload) => {
    const change = parseChange(payload);
    if (change) onChange(change);
  });
}
