import { z } from 'zod';

/** A database id in a query string (arrives as text). */
export const queryId = z.coerce.number().int().positive().max(2_147_483_647);
/** A database id in a JSON body. */
export const bodyId = z.int().positive().max(2_147_483_647);
