import { z } from 'zod';

/**
 * The largest id the database holds (ids are PostgreSQL `serial`, a signed 32-bit integer). Every id a request takes
 * stops here, so a bigger one answers 400 rather than failing in the database.
 */
export const DATABASE_ID_MAX = 2_147_483_647;

/** A database id in a query string (arrives as text). */
export const queryId = z.coerce.number().int().positive().max(DATABASE_ID_MAX);
/** A database id in a JSON body. */
export const bodyId = z.int().positive().max(DATABASE_ID_MAX);
