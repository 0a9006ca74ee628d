import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs } from '../../src/server/db/schema';
import { findProductBySku } from '../../src/server/modules/catalogue/catalogue-product-lookup';
import { createImportJob } from '../../src/server/modules/imports/import-jobs';
import { recoverInterruptedImports, runImportJob } from '../../src/server/modules/imports/import-runner';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';
import { catalogueReloadsAfter } from '../support/catalogue-reloads';

const NOW = new Date('2026-11-22T02:00:00Z');
const HEADER =
  'sku,name,brand,description,trade,rrp,active,pattern,size,load_rating,speed_rating,category,season,run_flat,extra_load';
/** More rows than one batch of the importer (1,000), so that a batch commits before the job is stopped. */
const ROWS = 2_500;

const tyreLine = (i: number) =>
  `STOP${i},Stop Trek 265/65R17 112T,Stop,,189.50,279.95,true,Trek,265/65R17,112,T,4WD,Summer,false,false`;

/**
 * Tyres, wheels, accessories and pictures tell every instance to reload its catalogue once, when the job ends. A job
 * stopped after some batches committed (cancelled, failed, or its server killed) still owes that reload: without it,
 * the products it created are in the database but in no instance's catalogue.
 */
describe('a product import stopped after committed batches', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await createCatalogueFixture(t.database.db, NOW);
    dir = await mkdtemp(path.join(os.tmpdir(), 'yhi-import-stopped-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  it('reloads the catalogue when the job is cancelled after its first batch', async () => {
    const file = path.join(dir, 'tyres.csv');
    await writeFile(file, `${[HEADER, ...Array.from({ length: ROWS }, (_, i) => tyreLine(i))].join('\n')}\n`);
    const id = await createImportJob(
      t.database.db,
      { entity: 'tyres', mode: 'row-wise', startedBy: 'test', fileName: 'tyres.csv', fileBytes: 1 },
      NOW,
    );
    const reloads = t.app.catalogue.health().reloads;
    const abort = new AbortController();
    const job = await runImportJob(
      {
        db: t.database.db,
        now: () => NOW,
        log: t.app.log,
        signal: abort.signal,
        onProgress: (step, rows) => {
          if (step === 'applying' && rows >= 1_000) abort.abort();
        },
      },
      { id, entity: 'tyres', mode: 'row-wise' },
      { path: file, format: 'csv' },
    );

    expect(job.state).toBe('cancelled');
    expect(job.counts.created).toBe(1_000);
    expect(await catalogueReloadsAfter(t.app.catalogue, reloads)).toBe(reloads + 1);
    const snapshot = await t.app.catalogue.snapshot();
    expect(findProductBySku(snapshot, 'STOP0')).not.toBeNull();
    expect(findProductBySku(snapshot, 'STOP999')).not.toBeNull();
    expect(findProductBySku(snapshot, 'STOP1000')).toBeNull();
  });

  it('reloads the catalogue when a tyre job left running by a stopped server is marked interrupted', async () => {
    const id = await createImportJob(
      t.database.db,
      { entity: 'tyres', mode: 'row-wise', startedBy: 'test', fileName: 'tyres.csv', fileBytes: 1 },
      NOW,
    );
    await t.database.db.update(importJobs).set({ state: 'applying' }).where(eq(importJobs.id, id));
    const reloads = t.app.catalogue.health().reloads;

    expect(await recoverInterruptedImports(t.database.db, new Date(NOW.getTime() + 1), NOW)).toBe(1);

    expect(await catalogueReloadsAfter(t.app.catalogue, reloads)).toBe(reloads + 1);
    const [job] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, id));
    expect(job?.state).toBe('failed');
  });
});
