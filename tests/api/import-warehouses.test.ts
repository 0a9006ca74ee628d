import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouses } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** Warehouses by code: adopted by name when they have no code yet, created, updated, or left as they are. */
describe('importing warehouses', () => {
  let t: TestApp;
  let importFile: FileImporter;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await createCatalogueFixture(t.database.db, NOW);
    importFile = await createFileImporter(t, NOW);
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
  });

  const file = [
    'code,name,kind,state',
    'PER,PERTH,own,WA',
    'DRW,DARWIN,own,NT',
    'XX,SYDNEY,own,',
    'YY,BRISBANE,supplier,QLD',
    'ZZ,MELBOURNE,own,VIC',
    'QQ,PERTH,own,WA',
    '',
  ].join('\n');

  it('adopts warehouses by their names, creates a new one, and names each refused row', async () => {
    const { job, refused } = await importFile('warehouses', file);
    expect(refused).toEqual([
      'line 4: state: is needed for an own warehouse and empty for a supplier',
      'line 5: state: is needed for an own warehouse and empty for a supplier',
      'line 7: name: line 2 gives this name to PER',
    ]);
    expect(job.counts).toMatchObject({ read: 6, created: 1, updated: 2, unchanged: 0, failed: 3 });
    const rows = await t.database.db.select().from(warehouses).orderBy(asc(warehouses.sortOrder));
    expect(rows.find((row) => row.name === 'PERTH')).toMatchObject({ code: 'PER', kind: 'own', state: 'WA' });
    expect(rows.at(-1)).toMatchObject({ code: 'DRW', name: 'DARWIN', kind: 'own', state: 'NT' });
  });

  it('changes nothing the second time, renames by code, and the stock import finds a warehouse by its code', async () => {
    const again = await importFile('warehouses', 'code,name,kind,state\nPER,PERTH,own,WA\nDRW,DARWIN,own,NT\n');
    expect(again.job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const renamed = await importFile('warehouses', 'code,name,kind,state\nDRW,DARWIN NT,own,NT\n');
    expect(renamed.job.counts).toMatchObject({ updated: 1 });
    const clash = await importFile('warehouses', 'code,name,kind,state\nNEW,PERTH,own,WA\n');
    expect(clash.refused).toEqual(['line 2: name: warehouse PER has this name']);
    const stock = await importFile('stock-deltas', 'sku,warehouse,quantity\nT1,drw,3\nT2,darwin nt,4\n');
    expect(stock.job.counts).toMatchObject({ created: 2, failed: 0 });
  });

  it('sets a warehouse’s dispatch cut-off and transit days, keeps them when the columns are empty or left out', async () => {
    const dispatch = async () => (await t.database.db.select().from(warehouses)).find((row) => row.code === 'PER');
    const set = await importFile(
      'warehouses',
      'code,name,kind,state,dispatch_cutoff,transit_days\nPER,PERTH,own,WA,15:30,4\n',
    );
    expect(set.job.counts).toMatchObject({ updated: 1 });
    expect(await dispatch()).toMatchObject({ dispatchCutoff: '15:30', transitDays: 4 });

    const kept = await importFile(
      'warehouses',
      'code,name,kind,state,dispatch_cutoff,transit_days\nPER,PERTH,own,WA,,\n',
    );
    expect(kept.job.counts).toMatchObject({ unchanged: 1 });
    await importFile('warehouses', 'code,name,kind,state\nPER,PERTH,own,WA\n');
    expect(await dispatch()).toMatchObject({ dispatchCutoff: '15:30', transitDays: 4 });

    const refused = await importFile(
      'warehouses',
      'code,name,kind,state,dispatch_cutoff,transit_days\nPER,PERTH,own,WA,3pm,2\nPER,PERTH,own,WA,14:00,x\n',
    );
    expect(refused.refused).toEqual([
      'line 2: dispatch_cutoff: is not a time of day such as 14:00',
      'line 3: transit_days: is not a number of days',
    ]);
    expect(await dispatch()).toMatchObject({ dispatchCutoff: '15:30', transitDays: 4 });
  });
});
