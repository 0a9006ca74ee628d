import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../src/contract/imports';
import { bearer, createStaff } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const SAMPLE = readFileSync('docs/integration/samples/warehouses.csv', 'utf8');

/**
 * POST Staff/Import and Staff/ImportJobs: an administrator uploads a file, which starts a job through the importer the
 * integration route uses; the job is listed with its progress and refused rows come as a CSV file.
 */
describe('import uploads in the back office', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    adminEmail = (await createStaff(t.database.db, 'administrator')).email;
    admin = bearer(await signInStaff(t.app, adminEmail));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const upload = (body: string, query: string, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: api(`Staff/Import?${query}`),
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });
  const listed = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: api('Staff/ImportJobs'), headers: admin });
    expect(response.statusCode).toBe(200);
    return response.json<{ jobs: ImportJob[] }>().jobs.find((job) => job.id === id);
  };
  const ended = async (id: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const job = await listed(id);
      if (job?.finishedAt || Date.now() > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('starts a job from a sample file, lists it as the member’s, and completes it', async () => {
    const response = await upload(SAMPLE, 'entity=warehouses&fileName=warehouses.csv');
    expect(response.statusCode, response.body).toBe(202);
    const queued = response.json<ImportJob>();
    expect(queued).toMatchObject({
      entity: 'warehouses',
      mode: 'row-wise',
      fileName: 'warehouses.csv',
      fileBytes: Buffer.byteLength(SAMPLE),
      startedBy: `staff ${adminEmail}`,
    });
    const rows = SAMPLE.trim().split('\n').length - 1;
    expect(await ended(queued.id)).toMatchObject({
      state: 'done',
      counts: { read: rows, created: rows, updated: 0, unchanged: 0, failed: 0 },
    });

    const audit = await t.app.inject({ method: 'GET', url: api('Staff/Audit?subjectType=import-job'), headers: admin });
    expect(audit.json<{ entries: unknown[] }>().entries[0]).toMatchObject({
      staffEmail: adminEmail,
      action: 'import.started',
      subject: `import-job ${queued.id}`,
      after: { entity: 'warehouses', fileName: 'warehouses.csv' },
    });
  });

  it('gives the refused rows of a bad file as a CSV file', async () => {
    const response = await upload(
      'code,name,kind,state\nPER,PERTH,own,WA\nBAD,BADLANDS,elsewhere,WA\n',
      'entity=warehouses&fileName=bad.csv',
    );
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json<ImportJob>();
    expect(await ended(id)).toMatchObject({ state: 'done', counts: { read: 2, failed: 1 } });

    const errors = await t.app.inject({ method: 'GET', url: api(`Staff/ImportErrors?id=${id}`), headers: admin });
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(errors.headers['content-disposition']).toBe(`attachment; filename="import-${id}-errors.csv"`);
    expect(errors.body).toBe("line,column,value,reason\r\n3,kind,elsewhere,is not 'own' or 'supplier'");
    const missing = await t.app.inject({ method: 'GET', url: api('Staff/ImportErrors?id=999999'), headers: admin });
    expect(missing.statusCode).toBe(404);
  });

  it('is for administrators only, and refuses a file the entity does not take', async () => {
    const sales = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email));
    expect((await upload(SAMPLE, 'entity=warehouses', sales)).statusCode).toBe(403);
    expect((await upload(SAMPLE, 'entity=warehouses', {})).statusCode).toBe(401);
    const zip = await t.app.inject({
      method: 'POST',
      url: api('Staff/Import?entity=warehouses'),
      headers: { ...admin, 'content-type': 'application/zip' },
      payload: 'PK',
    });
    expect(zip.statusCode).toBe(415);
  });
});
