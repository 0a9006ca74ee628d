import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportEntityName, type ImportJob, importEntitySchema, importsZip } from '../../src/contract/imports';
import { importFormatOf } from '../../src/server/modules/imports/import-formats';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { projectDir } from '../support/shop-process';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const SAMPLES = path.join(projectDir, 'docs', 'integration', 'samples');

/**
 * The samples in the order docs/go-live.md imports them (what names something comes after it), then any other sample
 * by name: together they are a whole shop, from an empty database.
 */
function samplesInGoLiveOrder(): string[] {
  const goLive = readFileSync(path.join(projectDir, 'docs', 'go-live.md'), 'utf8');
  const listed = [...goLive.matchAll(/^npm run import -- \S+ docs\/integration\/samples\/(\S+)$/gm)].map(
    (match) => match[1] ?? '',
  );
  const others = readdirSync(SAMPLES)
    .filter((file) => !listed.includes(file))
    .sort();
  return [...listed, ...others];
}

/**
 * Every sample file of docs/integration/samples/, imported in the go-live order into an empty database, is taken
 * whole; the whole set imported again changes nothing.
 */
describe('the sample import files', () => {
  let t: TestApp;
  let importFile: FileImporter;
  const samples = samplesInGoLiveOrder();

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    importFile = await createFileImporter(t, NOW);
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
  });

  const run = async (file: string) => {
    const entity: ImportEntityName = importEntitySchema.parse(file.replace(/\.[^.]+$/, ''));
    const format = importFormatOf(file);
    if (!format) throw new Error(`${file} has no import format`);
    const { job, refused } = await importFile(entity, readFileSync(path.join(SAMPLES, file)), { format });
    expect(refused, file).toEqual([]);
    return job;
  };

  // A zip of pictures is binary: docs/integration.md says how to build one, and import-pictures.test.ts builds its own.
  const textEntities = importEntitySchema.options.filter((entity) => !importsZip(entity));

  it('has a sample for every entity whose file is text', () => {
    expect(samples.map((file) => file.replace(/\.[^.]+$/, ''))).toEqual(expect.arrayContaining(textEntities));
  });

  it('imports every sample into an empty database in the go-live order, and changes nothing the second time', async () => {
    const firstRuns = new Map<string, ImportJob>();
    for (const file of samples) {
      const job = await run(file);
      expect(job, file).toMatchObject({ state: 'done', counts: { failed: 0 } });
      expect(job.counts.read, file).toBeGreaterThan(0);
      firstRuns.set(file, job);
    }
    for (const file of samples) {
      const job = await run(file);
      expect(job.counts, file).toMatchObject({
        created: 0,
        updated: 0,
        unchanged: firstRuns.get(file)?.counts.read,
        failed: 0,
      });
    }
  }, 120_000);
});
