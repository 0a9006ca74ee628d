import type { Handlers } from '../../http/handler';
import { problems } from '../../http/problem';
import { findImportJob, importErrorsCsv, listImportJobs } from './import-jobs';

/** Import jobs in the back office: every job, whoever started it (a key, the command line or a member). */
export const staffImportHandlers = {
  staffImportJobs: async (_request, { db }) => ({ jobs: await listImportJobs(db) }),
  staffImportErrors: async ({ query }, { db, reply }) => {
    if (!(await findImportJob(db, query.id))) throw problems.notFound(`No import job ${query.id}.`);
    reply.header('content-disposition', `attachment; filename="import-${query.id}-errors.csv"`);
    return importErrorsCsv(db, query.id);
  },
} satisfies Partial<Handlers>;
