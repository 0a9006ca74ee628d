import { TransactionRollbackError, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { createActor, fromPromise, toPromise } from 'xstate';
import { importJobMachine } from '../../../../machines/import-job';
import {
  type ImportCounts,
  type ImportEntityName,
  type ImportJob,
  type ImportMode,
  type ImportRowError,
  NO_IMPORT_COUNTS,
  importEntities,
} from '../../../contract/imports';
import type { Database } from '../../db/client';
import type { PictureStorage } from '../../integrations/storage/picture-storage';
import type { EntityImporter, ResolvedRow, RowIssue } from './import-entity';
import { entityImporters } from './import-entities';
import { type ImportFormat, readFileRows } from './import-file-rows';
import { importFormatMismatch } from './import-formats';
import {
  failInterruptedImportJobs,
  findImportJob,
  keepImportErrors,
  recordImportProgress,
  setImportJobState,
} from './import-jobs';

/** Rows resolved and applied together: one transaction each in row-wise mode. */
export const IMPORT_BATCH_ROWS = 1_000;
const VALUE_EXCERPT_LENGTH = 60;

export interface ImportFile {
  readonly path: string;
  readonly format: ImportFormat;
}

export interface ImportRunDeps {
  readonly db: Database;
  readonly now: () => Date;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Each refused row as it is found (the command line prints them). */
  readonly onRefused?: (error: ImportRowError) => void;
  /** Rows looked at so far in a step, for a progress bar. */
  readonly onProgress?: (step: 'validating' | 'applying', rows: number) => void;
  /** Aborting cancels the job: the running step stops before its next batch, and no half batch is left. */
  readonly signal?: AbortSignal;
  /** Where imported product pictures are kept; without it a picture import fails, saying so. */
  readonly pictureStorage?: PictureStorage | null;
}

type Importer = EntityImporter<Record<string, unknown>, unknown, unknown>;
type ParsedRow = { readonly line: number; readonly row: Record<string, unknown> };

const excerpt = (value: unknown) =>
  (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)).slice(
    0,
    VALUE_EXCERPT_LENGTH,
  );

/** The file's rows in order, each parsed against the entity's row schema or refused with the column at fault. */
async function* parsedRows(
  file: ImportFile,
  entity: ImportEntityName,
): AsyncGenerator<ParsedRow | { line: number; issue: RowIssue }> {
  const { row: schema, columns } = importEntities[entity];
  const mismatch = importFormatMismatch(entity, file.format);
  if (mismatch) throw new Error(mismatch);
  let first = true;
  for await (const fileRow of readFileRows(file.path, file.format)) {
    if ('unreadable' in fileRow) {
      const { column = '', value = '' } = fileRow;
      yield { line: fileRow.line, issue: { column, value: excerpt(value), reason: fileRow.unreadable } };
      continue;
    }
    if (first && file.format === 'csv') {
      const missing = columns.filter((column) => !Object.hasOwn(fileRow.cells, column));
      if (missing.length > 0) {
        throw new Error(
          `The file has no column ${missing.map((column) => `'${column}'`).join(', ')} (it has ${Object.keys(fileRow.cells).join(', ')}).`,
        );
      }
    }
    first = false;
    const parsed = schema.safeParse(fileRow.cells);
    if (parsed.success) {
      yield { line: fileRow.line, row: parsed.data };
      continue;
    }
    const [issue] = parsed.error.issues;
    const column = String(issue?.path[0] ?? '');
    const value = Object.hasOwn(fileRow.cells, column) ? fileRow.cells[column] : undefined;
    yield {
      line: fileRow.line,
      issue: {
        column,
        value: excerpt(value),
        reason: value === undefined ? 'is missing' : (issue?.message ?? 'is not valid'),
      },
    };
  }
}

/** Batches of rows that parsed; refused ones are handed to `refuse` as they come. */
async function* batches(
  rows: AsyncGenerator<ParsedRow | { line: number; issue: RowIssue }>,
  refuse: (line: number, issue: RowIssue) => void,
  signal: AbortSignal,
  size: number,
): AsyncGenerator<ParsedRow[]> {
  let batch: ParsedRow[] = [];
  for await (const row of rows) {
    if (signal.aborted) throw new Error('The import was cancelled.');
    if ('issue' in row) refuse(row.line, row.issue);
    else batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Refreshes the statistics of the tables a job fills each time the rows it created have doubled since the last
 * refresh: a few times per job, however large, and the lookups of the next batches are planned on the index.
 */
function statisticsKeeper(tables: readonly PgTable[]) {
  let refreshAt = IMPORT_BATCH_ROWS;
  return async (target: Database, created: number) => {
    if (tables.length === 0 || created < refreshAt) return;
    refreshAt = created * 2;
    for (const table of tables) await target.execute(sql`analyze ${table}`);
  };
}

function counted(resolved: readonly ResolvedRow<unknown>[]) {
  const good: unknown[] = [];
  const refused: { line: number; issue: RowIssue }[] = [];
  for (const row of resolved) {
    if ('issue' in row) refused.push(row);
    else good.push(row.resolved);
  }
  return { good, refused };
}

/**
 * Runs one queued job to its end through the import-job statechart: validate every row (refused ones kept, with line,
 * column and reason), then apply the good ones in batches. Answers the job as it ended.
 */
export async function runImportJob(
  deps: ImportRunDeps,
  job: { readonly id: number; readonly entity: ImportEntityName; readonly mode: ImportMode },
  file: ImportFile,
): Promise<ImportJob> {
  const { db, now } = deps;
  const importer = entityImporters[job.entity] as unknown as Importer;
  const batchRows = importer.batchRows ?? IMPORT_BATCH_ROWS;
  const pictureStorage = deps.pictureStorage ?? null;
  const refusedLines = new Set<number>();
  let keptErrors = 0;
  let read = 0;
  let pendingErrors: ImportRowError[] = [];

  const refuse = (line: number, issue: RowIssue) => {
    if (refusedLines.has(line)) return;
    refusedLines.add(line);
    pendingErrors.push({ line, ...issue });
  };
  // Refused rows are kept and told in file order, a batch at a time.
  const flushErrors = async (target: Database) => {
    pendingErrors.sort((a, b) => a.line - b.line);
    for (const error of pendingErrors) deps.onRefused?.(error);
    await keepImportErrors(target, job.id, pendingErrors, keptErrors);
    keptErrors += pendingErrors.length;
    pendingErrors = [];
  };

  const validateFile = fromPromise<{ read: number; failed: number }, { jobId: number }>(async ({ signal }) => {
    const session = await importer.begin(db, { writes: false, pictureStorage });
    const counting = async function* () {
      for await (const row of parsedRows(file, job.entity)) {
        read += 1;
        yield row;
      }
    };
    for await (const batch of batches(counting(), refuse, signal, batchRows)) {
      for (const { line, issue } of counted(await importer.resolve(db, session, batch)).refused) refuse(line, issue);
      await flushErrors(db);
      await recordImportProgress(db, job.id, read, now(), { ...NO_IMPORT_COUNTS, read, failed: refusedLines.size });
      deps.onProgress?.('validating', read);
    }
    await flushErrors(db);
    return { read, failed: refusedLines.size };
  });

  const applyRows = fromPromise<ImportCounts, { jobId: number; commit: boolean; atomically: boolean }>(
    async ({ input, signal }) => {
      const counts: ImportCounts = { ...NO_IMPORT_COUNTS, read, failed: refusedLines.size };
      let done = 0;
      const keepStatistics = statisticsKeeper(importer.fills ?? []);
      const applyBatch = async (target: Database, session: unknown, batch: ParsedRow[]) => {
        const { good, refused } = counted(await importer.resolve(target, session, batch));
        // Rows the database no longer resolves (a product removed since validation) are refused now.
        for (const { line, issue } of refused) refuse(line, issue);
        const applied = await importer.apply(target, session, good);
        counts.created += applied.created;
        counts.updated += applied.updated;
        counts.unchanged += applied.unchanged;
        counts.failed = refusedLines.size;
        done += batch.length;
      };
      const rowsToApply = async function* () {
        for await (const row of parsedRows(file, job.entity)) if (!refusedLines.has(row.line)) yield row;
      };
      const finish = async (target: Database, session: unknown) => {
        const finished = await importer.finish?.(target, session, { anyRefused: refusedLines.size > 0 });
        if (finished) counts.updated += finished.updated;
      };

      const session = await importer.begin(db, { writes: input.commit, pictureStorage });
      if (input.atomically || !input.commit) {
        try {
          await db.transaction(async (tx) => {
            for await (const batch of batches(rowsToApply(), refuse, signal, batchRows)) {
              await applyBatch(tx, session, batch);
              await keepStatistics(tx, counts.created);
              deps.onProgress?.('applying', done);
            }
            await finish(tx, session);
            if (!input.commit) tx.rollback();
          });
        } catch (error) {
          if (!(error instanceof TransactionRollbackError)) throw error;
        }
        await flushErrors(db);
        return counts;
      }
      let committed = 0;
      try {
        for await (const batch of batches(rowsToApply(), refuse, signal, batchRows)) {
          await db.transaction(async (tx) => {
            await applyBatch(tx, session, batch);
            await flushErrors(tx);
            // The counts commit with the batch they count: a stop between batches leaves them true.
            await recordImportProgress(tx, job.id, done, now(), counts);
          });
          committed += 1;
          await keepStatistics(db, counts.created);
          deps.onProgress?.('applying', done);
        }
      } catch (error) {
        if (committed > 0) await importer.interrupted?.(db);
        throw error;
      }
      await db.transaction(async (tx) => {
        await finish(tx, session);
        await recordImportProgress(tx, job.id, done, now(), counts);
      });
      return counts;
    },
  );

  const actor = createActor(importJobMachine.provide({ actors: { validateFile, applyRows } }), {
    input: { jobId: job.id, mode: job.mode },
  });
  let written = Promise.resolve();
  actor.subscribe((snapshot) => {
    const state = snapshot.value;
    const { counts, validation, failure } = snapshot.context;
    written = written
      .then(() =>
        setImportJobState(db, job.id, state, now(), {
          failure,
          // A job stopped while applying keeps the counts its committed batches wrote.
          ...(counts
            ? { counts }
            : validation && state !== 'cancelled' && state !== 'failed'
              ? { counts: { ...NO_IMPORT_COUNTS, ...validation } }
              : {}),
        }),
      )
      .catch((error: unknown) => deps.log.error({ err: error, jobId: job.id }, 'import job state not written'));
  });
  actor.start();
  if (deps.signal?.aborted) actor.send({ type: 'job.cancel' });
  deps.signal?.addEventListener('abort', () => actor.send({ type: 'job.cancel' }), { once: true });
  actor.send({ type: 'job.start' });
  await toPromise(actor);
  await written;
  const ended = await findImportJob(db, job.id);
  if (!ended) throw new Error(`import job ${job.id} vanished`);
  deps.log.info({ jobId: job.id, entity: job.entity, state: ended.state, counts: ended.counts }, 'import job ended');
  return ended;
}

/**
 * Fails the jobs whose runner stopped (running, no heartbeat since `staleBefore`), and tells every instance what their
 * committed batches changed where the entity would have told it only at the end. Answers how many jobs it failed.
 */
export async function recoverInterruptedImports(db: Database, staleBefore: Date, now: Date): Promise<number> {
  const entities = await failInterruptedImportJobs(db, staleBefore, now);
  for (const entity of new Set(entities)) await (entityImporters[entity] as unknown as Importer).interrupted?.(db);
  return entities.length;
}
