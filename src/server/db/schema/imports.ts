import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Import jobs (docs/integration.md): one row per file given to the importer, whichever way it came (HTTP, CLI). The
 * counts are written in the same transaction as the batch they count, so they never claim rows that were not applied.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    mode: text('mode').notNull(),
    state: text('state').notNull(),
    startedBy: text('started_by').notNull(),
    fileName: text('file_name').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsCreated: integer('rows_created').notNull().default(0),
    rowsUpdated: integer('rows_updated').notNull().default(0),
    rowsUnchanged: integer('rows_unchanged').notNull().default(0),
    rowsFailed: integer('rows_failed').notNull().default(0),
    progressRows: integer('progress_rows').notNull().default(0),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written by the process running the job as it goes; a running job whose heartbeat stops was interrupted. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // One running job per entity: a second start is refused until the first ends.
    uniqueIndex('import_jobs_one_running_per_entity')
      .on(table.entity)
      .where(sql`state in ('queued', 'validating', 'applying')`),
    index('import_jobs_created_at_idx').on(table.createdAt),
  ],
);

/** The rows a job refused, in file order (kept up to a bound per job; the job counts them all). */
export const importJobErrors = pgTable(
  'import_job_errors',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    column: text('column').notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull(),
  },
  (table) => [index('import_job_errors_job_idx').on(table.jobId, table.line)],
);
