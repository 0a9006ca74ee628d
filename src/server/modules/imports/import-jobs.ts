import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type {
  ImportCounts,
  ImportEntityName,
  ImportJob,
  ImportJobState,
  ImportMode,
  ImportRowError,
} from '../../../contract/imports';
import { importEntitySchema, importModeSchema, importJobStates } from '../../../contract/imports';
import { csvFile } from '../../../domain/csv-file';
import type { Database } from '../../db/client';
import { importJobErrors, importJobs } from '../../db/schema';

/** A job's refused rows are all counted; this many are kept to be listed and downloaded. */
export const MAX_KEPT_ERRORS = 10_000;
/** How many refused rows a job's answer carries; the rest come as CSV. */
const ERRORS_IN_ANSWER = 20;
const RUNNING_STATES: readonly ImportJobState[] = ['queued', 'validating', 'applying'];

export class ImportAlreadyRunningError extends Error {
  constructor(entity: ImportEntityName) {
    super(`An import of ${entity} is already running; start this one when it has finished.`);
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let cause: unknown = error;
    typeof cause === 'object' && cause !== null;
    cause = (cause as { cause?: unknown }).cause
  ) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface NewImportJob {
  readonly entity: ImportEntityName;
  readonly mode: ImportMode;
  readonly startedBy: string;
  readonly fileName: string;
  readonly fileBytes: number;
}

/** Queues a job; refused while another job of the same entity runs (one running job per entity). */
export async function createImportJob(db: Database, job: NewImportJob, now: Date): Promise<number> {
  try {
    const [row] = await db
      .insert(importJobs)
      .values({ ...job, state: 'queued', createdAt: now, heartbeatAt: now })
      .returning({ id: importJobs.id });
    if (!row) throw new Error('import job not created');
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ImportAlreadyRunningError(job.entity);
    throw error;
  }
}

export async function setImportJobState(
  db: Database,
  jobId: number,
  state: ImportJobState,
  now: Date,
  details: { counts?: ImportCounts; failure?: string | null } = {},
): Promise<void> {
  const finished = !RUNNING_STATES.includes(state);
  await db
    .update(importJobs)
    .set({
      state,
      heartbeatAt: now,
      // Progress counts the rows of the step under way, so each step starts from none.
      ...(state === 'validating' || state === 'applying' ? { progressRows: 0 } : {}),
      ...(finished ? { finishedAt: now } : {}),
      ...(details.failure !== undefined ? { failure: details.failure } : {}),
      ...(details.counts ? countColumns(details.counts) : {}),
    })
    .where(eq(importJobs.id, jobId));
}

function countColumns(counts: ImportCounts) {
  return {
    rowsRead: counts.read,
    rowsCreated: counts.created,
    rowsUpdated: counts.updated,
    rowsUnchanged: counts.unchanged,
    rowsFailed: counts.failed,
  };
}

/** Writes how far a step has got; inside a batch's transaction, it commits with the batch. */
export async function recordImportProgress(
  db: Database,
  jobId: number,
  progressRows: number,
  now: Date,
  counts?: ImportCounts,
): Promise<void> {
  await db
    .update(importJobs)
    .set({ progressRows, heartbeatAt: now, ...(counts ? countColumns(counts) : {}) })
    .where(eq(importJobs.id, jobId));
}

/** Keeps refused rows, up to MAX_KEPT_ERRORS per job (`alreadyKept` says how many are kept so far). */
export async function keepImportErrors(
  db: Database,
  jobId: number,
  errors: readonly ImportRowError[],
  alreadyKept: number,
): Promise<void> {
  const room = Math.max(0, MAX_KEPT_ERRORS - alreadyKept);
  const kept = errors.slice(0, room);
  if (kept.length > 0) await db.insert(importJobErrors).values(kept.map((error) => ({ jobId, ...error })));
}

type JobRow = typeof importJobs.$inferSelect;

function answerOf(row: JobRow, errors: readonly ImportRowError[]): ImportJob {
  // Stored by this code from its own constants; a value it no longer knows reads as a finished, failed job.
  const state = importJobStates.find((known) => known === row.state) ?? 'failed';
  return {
    id: row.id,
    entity: importEntitySchema.catch('stock-deltas').parse(row.entity),
    mode: importModeSchema.catch('row-wise').parse(row.mode),
    state,
    counts: {
      read: row.rowsRead,
      created: row.rowsCreated,
      updated: row.rowsUpdated,
      unchanged: row.rowsUnchanged,
      failed: row.rowsFailed,
    },
    progressRows: row.progressRows,
    startedBy: row.startedBy,
    fileName: row.fileName,
    fileBytes: row.fileBytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    failure: row.failure,
    errors: [...errors],
  };
}

async function errorsOf(db: Database, jobId: number, limit: number): Promise<ImportRowError[]> {
  return db
    .select({
      line: importJobErrors.line,
      column: importJobErrors.column,
      value: importJobErrors.value,
      reason: importJobErrors.reason,
    })
    .from(importJobErrors)
    .where(eq(importJobErrors.jobId, jobId))
    .orderBy(asc(importJobErrors.line), asc(importJobErrors.id))
    .limit(limit);
}

export async function findImportJob(db: Database, jobId: number): Promise<ImportJob | null> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, jobId));
  return row ? answerOf(row, await errorsOf(db, jobId, ERRORS_IN_ANSWER)) : null;
}

export async function listImportJobs(db: Database, limit = 50): Promise<ImportJob[]> {
  const rows = await db.select().from(importJobs).orderBy(desc(importJobs.id)).limit(limit);
  return rows.map((row) => answerOf(row, []));
}

/** Every kept refused row of a job, as CSV (line, column, value, reason), formula-leading cells escaped. */
export async function importErrorsCsv(db: Database, jobId: number): Promise<string> {
  const errors = await errorsOf(db, jobId, MAX_KEPT_ERRORS);
  return csvFile([
    ['line', 'column', 'value', 'reason'],
    ...errors.map((error) => [String(error.line), error.column, error.value, error.reason]),
  ]);
}

/**
 * Fails jobs whose runner stopped (a server killed mid-import): running, with no heartbeat since `staleBefore`.
 * Batches they committed stay; none is half applied, and importing the file again is safe (rows are upserts).
 */
export async function failInterruptedImportJobs(
  db: Database,
  staleBefore: Date,
  now: Date,
): Promise<ImportEntityName[]> {
  const failed = await db
    .update(importJobs)
    .set({
      state: 'failed',
      finishedAt: now,
      failure:
        'The import was interrupted (the server stopped). Batches applied before that are kept; import the file again to finish.',
    })
    .where(and(inArray(importJobs.state, [...RUNNING_STATES]), lt(importJobs.heartbeatAt, staleBefore)))
    .returning({ entity: importJobs.entity });
  return failed.map((job) => importEntitySchema.parse(job.entity));
}
