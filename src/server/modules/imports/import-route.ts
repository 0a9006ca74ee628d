import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { importEntities, importEntitySchema, importJobSchema, importModeSchema } from '../../../contract/imports';
import { API_PREFIX } from '../../../contract/routes';
import type { Config } from '../../config';
import { staffIntegrationRoutes } from '../../../contract/staff-integration';
import type { Database, DatabaseHandle } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { noLookups, refusal } from '../../http/access';
import { HttpProblem, problems } from '../../http/problem';
import { databaseLookups } from '../../http/register-contract';
import { recordStaffChange } from '../staff/staff-audit';
import { requireScope } from '../integration/integration-caller';
import { pictureStorageOf } from '../../integrations/storage/picture-storage';
import { IMPORT_MEDIA_TYPES, importFormatMismatch, importFormatOfMediaType } from './import-formats';
import { ImportAlreadyRunningError, type NewImportJob, createImportJob, findImportJob } from './import-jobs';
import { recoverInterruptedImports, runImportJob } from './import-runner';

export const IMPORT_PATH = `${API_PREFIX}/Integration/Import`;
/** The back office's way to start an import: an administrator's upload, through the same runner. */
export const STAFF_IMPORT_PATH = `${API_PREFIX}/Staff/Import`;
const STAFF_IMPORT_ACCESS = { access: 'staff', staffRoles: staffIntegrationRoutes.staffImportJobs.staffRoles } as const;

interface Starter {
  /** Who the job's list names as having started it. */
  readonly startedBy: string;
  /** Where the caller reads the job's state, answered as Location. */
  readonly locationOf?: (jobId: number) => string;
  /** Recorded in the transaction that queues the job (a staff member's audit entry). */
  readonly record?: (tx: Database, jobId: number, job: NewImportJob) => Promise<void>;
}

/** A job whose heartbeat is this old on a shared PostgreSQL was left by an instance that stopped. */
const INTERRUPTED_AFTER_MS = 10 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 1000;

const startQuerySchema = z.strictObject({
  entity: importEntitySchema,
  mode: importModeSchema.default('row-wise'),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+$/, 'a file name, not a path')
    .optional(),
});

/**
 * Writes the request body to `file`, refusing it (413) once it passes `limit` bytes. The rest of an oversized body is
 * read and dropped rather than the request destroyed: destroying it takes the connection with it, and the client
 * would get a reset instead of the 413.
 */
function receiveFile(source: Readable, file: string, limit: number, counted: { bytes: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let refused = false;
    source.on('data', (chunk: Buffer) => {
      if (refused) return;
      counted.bytes += chunk.length;
      if (counted.bytes > limit) {
        refused = true;
        out.destroy();
        reject(new HttpProblem(413, `The file is larger than ${limit} bytes (IMPORT_MAX_BYTES).`));
        return;
      }
      if (!out.write(chunk)) {
        source.pause();
        out.once('drain', () => source.resume());
      }
    });
    source.once('end', () => {
      if (!refused) out.end();
    });
    source.once('error', (error) => {
      out.destroy();
      reject(error);
    });
    out.once('finish', () => resolve());
    out.once('error', (error) => {
      if (!refused) reject(error);
    });
  });
}

/**
 * POST Integration/Import?entity=…&mode=…: the file is the request body (text/csv or JSON Lines; application/zip for
 * pictures), streamed to DATA_DIR/imports with a size bound; the answer is 202 with the queued job, which this
 * instance then runs. The job's state is read with GET Integration/Import (the contract). Registered apart from the
 * contract because its body is a file, not JSON. POST Staff/Import takes the same for administrators in the back
 * office, who read the job with GET Staff/ImportJobs.
 */
export function registerImportRoute(
  app: FastifyInstance,
  deps: { readonly database: DatabaseHandle; readonly config: Config; readonly now: () => Date },
): void {
  const { database, config, now } = deps;
  const db = database.db;
  const stagingDir = path.join(config.dataDir, 'imports');
  const running = new Map<number, { abort: AbortController; done: Promise<unknown> }>();
  const pictureStorage = pictureStorageOf(config);

  /**
   * Receives the body as the import's file, queues its job (recording `starter.record` in the same transaction) and
   * runs it on this instance: the one way in for both the integration key's route and the back office's.
   */
  const startImport = async (request: FastifyRequest, reply: FastifyReply, starter: Starter) => {
    const query = startQuerySchema.parse(request.query);
    const format = importFormatOfMediaType(request.headers['content-type']);
    if (!format) {
      throw new HttpProblem(415, `Send the file as one of: ${IMPORT_MEDIA_TYPES.join(', ')}.`);
    }
    const mismatch = importFormatMismatch(query.entity, format);
    if (mismatch) throw new HttpProblem(415, mismatch);
    await mkdir(stagingDir, { recursive: true });
    const file = path.join(stagingDir, `${randomUUID()}.${format}`);
    const counted = { bytes: 0 };
    try {
      await receiveFile(request.body as Readable, file, config.importMaxBytes, counted);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    const job: NewImportJob = {
      entity: query.entity,
      mode: query.mode,
      startedBy: starter.startedBy,
      fileName: query.fileName ?? `upload.${format}`,
      fileBytes: counted.bytes,
    };
    let jobId: number;
    try {
      jobId = await db.transaction(async (tx) => {
        const id = await createImportJob(tx, job, now());
        await starter.record?.(tx, id, job);
        return id;
      });
    } catch (error) {
      await rm(file, { force: true });
      if (error instanceof ImportAlreadyRunningError) throw new HttpProblem(409, error.message);
      throw error;
    }
    const abort = new AbortController();
    const done = runImportJob(
      { db, now, log: request.log, signal: abort.signal, pictureStorage },
      { id: jobId, entity: query.entity, mode: query.mode },
      { path: file, format },
    )
      .catch((error: unknown) => request.log.error({ err: error, jobId }, 'import job failed to run'))
      .finally(() => {
        running.delete(jobId);
        return rm(file, { force: true });
      });
    running.set(jobId, { abort, done });
    if (starter.locationOf) reply.header('location', starter.locationOf(jobId));
    return reply.code(202).send(await findImportJob(db, jobId));
  };

  const lookups = databaseLookups(db);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.post(
      IMPORT_PATH,
      {
        schema: {
          tags: ['Integration'],
          summary:
            'Start an import: the file (CSV or JSON Lines; a zip of pictures) is the body; answers 202 with the queued job (docs/integration.md)',
          security: [{ bearerAuth: [] }],
          querystring: startQuerySchema,
          response: { 202: importJobSchema },
        },
        preValidation: async (request) => {
          const refused = await refusal(
            { access: 'integration' },
            request.principal,
            noLookups,
            request.integrationCaller,
          );
          if (refused) throw refused;
        },
      },
      async (request, reply) => {
        const caller = request.integrationCaller;
        if (!caller) throw problems.unauthorized();
        requireScope(caller, importEntities[startQuerySchema.parse(request.query).entity].scope);
        return startImport(request, reply, {
          startedBy: `integration key ${caller.keyName}`,
          locationOf: (jobId) => `${IMPORT_PATH}?id=${jobId}`,
        });
      },
    );

    scope.post(
      STAFF_IMPORT_PATH,
      {
        schema: {
          tags: ['Staff'],
          summary:
            "Start an import from the back office (administrators): the same body, query and answer as Integration/Import; the job is audited as the member's",
          security: [{ bearerAuth: [] }],
          querystring: startQuerySchema,
          response: { 202: importJobSchema },
        },
        preValidation: async (request) => {
          const refused = await refusal(STAFF_IMPORT_ACCESS, request.principal, lookups, request.integrationCaller);
          if (refused) throw refused;
        },
      },
      async (request, reply) => {
        const principal = request.principal;
        if (principal?.kind !== 'staff') throw problems.forbidden('Only staff members can do this.');
        const [member] = await db
          .select({ email: staffUsers.email })
          .from(staffUsers)
          .where(eq(staffUsers.id, principal.staffId));
        return startImport(request, reply, {
          startedBy: `staff ${member?.email ?? principal.staffId}`,
          record: (tx, jobId, job) =>
            recordStaffChange(
              tx,
              principal.staffId,
              {
                action: 'import.started',
                subjectType: 'import-job',
                subjectRef: String(jobId),
                before: null,
                after: { entity: job.entity, mode: job.mode, fileName: job.fileName, fileBytes: job.fileBytes },
              },
              now(),
            ),
        });
      },
    );
  });

  // A stop cancels the jobs this instance runs (each ends between batches), so none is left half applied.
  app.addHook('onClose', async () => {
    for (const job of running.values()) job.abort.abort();
    await Promise.all([...running.values()].map((job) => job.done));
  });

  // Jobs left running by a process that stopped: on the embedded database only this process runs jobs, so any is.
  const sweep = () =>
    recoverInterruptedImports(
      db,
      database.kind === 'pglite' ? new Date(now().getTime() + 1) : new Date(now().getTime() - INTERRUPTED_AFTER_MS),
      now(),
    ).catch((error: unknown) => app.log.warn({ err: error }, 'interrupted import jobs not marked'));
  app.addHook('onReady', async () => {
    await sweep();
  });
  if (database.kind !== 'pglite') {
    const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
