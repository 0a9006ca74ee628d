import { type ImportJob, importEntities } from '../../../contract/imports';
import type { Database } from '../../db/client';
import type { Handlers } from '../../http/handler';
import { problems } from '../../http/problem';
import { type IntegrationCaller, requireScope } from '../integration/integration-caller';
import { findImportJob, importErrorsCsv, listImportJobs } from './import-jobs';

/** A job, to a key with the scope its entity needs: the scope that imports an entity is the one that reads its jobs. */
async function jobForCaller(db: Database, id: number, caller: IntegrationCaller): Promise<ImportJob> {
  const job = await findImportJob(db, id);
  if (!job) throw problems.notFound(`No import job ${id}.`);
  requireScope(caller, importEntities[job.entity].scope);
  return job;
}

export const importHandlers = {
  integrationImport: async ({ query }, { db, integrationCaller }) => jobForCaller(db, query.id, integrationCaller()),
  integrationImports: async (_request, { db, integrationCaller }) => {
    const { scopes } = integrationCaller();
    const jobs = await listImportJobs(db);
    return { jobs: jobs.filter((job) => scopes.includes(importEntities[job.entity].scope)) };
  },
  integrationImportErrors: async ({ query }, { db, integrationCaller, reply }) => {
    await jobForCaller(db, query.id, integrationCaller());
    reply.header('content-disposition', `attachment; filename="import-${query.id}-errors.csv"`);
    return importErrorsCsv(db, query.id);
  },
} satisfies Partial<Handlers>;
