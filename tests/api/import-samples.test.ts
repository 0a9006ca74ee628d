import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportEntityName, importEntitySchema, importsZip } from '../../src/contract/imports';
import { createImportJob } from '../../src/server/modules/imports/import-jobs';
import { importFormatOf } from '../../src/server/modules/imports/import-formats';
import { runImportJob } from '../../src/server/modules/imports/import-runner';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { projectDir } from '../support/shop-process';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const SAMPLES = path.join(projectDir, 'docs', 'integration', 'samples');

/** Every sample file of docs/integration/samples/ imports into the demo data, and a second time changes nothing. */
describe('the sample import files', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await seedDemoData(t.database.db, { now: NOW, catalogueSize: { tyres: 200, wheels: 20, merchandise: 20 } });
  }, 120_000);
  afterAll(() => t.close());

  const run = async (file: string) => {
    const entity: ImportEntityName = importEntitySchema.parse(path.basename(file).replace(/\.[^.]+$/, ''));
    const format = importFormatOf(file);
    if (!format) throw new Error(`${file} has no import format`);
    const id = await createImportJob(
      t.database.db,
      { entity, mode: 'row-wise', startedBy: 'test', fileName: path.basename(file), fileBytes: 0 },
      NOW,
    );
    return runImportJob(
      { db: t.database.db, now: () => NOW, log: t.app.log },
      { id, entity, mode: 'row-wise' },
      {
        path: path.join(SAMPLES, file),
        format,
      },
    );
  };

  const samples = readdirSync(SAMPLES).sort();

  // A zip of pictures is binary: docs/integration.md says how to build one, and import-pictures.test.ts builds its own.
  const textEntities = importEntitySchema.options.filter((entity) => !importsZip(entity));

  it('has a sample for every entity whose file is text', () => {
    expect(samples.map((file) => file.replace(/\.[^.]+$/, ''))).toEqual(expect.arrayContaining(textEntities));
  });

  it.each(samples)('%s imports without a refused row, and again with every row unchanged', async (file) => {
    const first = await run(file);
    expect(first).toMatchObject({ state: 'done', counts: { failed: 0 } });
    expect(first.counts.read).toBeGreaterThan(0);
    const second = await run(file);
    expect(second.counts).toMatchObject({ created: 0, updated: 0, unchanged: first.counts.read, failed: 0 });
  });
});
