import { expect } from 'vitest';
import { createCatalogueFixture } from './catalogue-fixtures';
import { type FileImporter, createFileImporter } from './import-file';
import type { TestApp } from './test-app';

/**
 * The catalogue fixture with warehouses that dispatch: Sydney and Melbourne until 14:00 with 2 days' transit, the
 * supplier until 12:00 with 4, and T3 inbound to Sydney for 12 December. The fixture then holds T1 in Melbourne (10)
 * and at the supplier (40), T2 only at the supplier, T3 only inbound to Sydney, T4 in Sydney (4) and no T5 anywhere.
 * Answers the importer, to be disposed of with the app.
 */
export async function createDeliveryCatalogue(t: TestApp, now: Date): Promise<FileImporter> {
  await createCatalogueFixture(t.database.db, now);
  const importFile = await createFileImporter(t, now);
  const warehouses = await importFile(
    'warehouses',
    [
      'code,name,kind,state,dispatch_cutoff,transit_days',
      'SYD,SYDNEY,own,NSW,14:00,2',
      'MEL,MELBOURNE,own,VIC,14:00,2',
      'SUP,SUPPLIER STOCK,supplier,,12:00,4',
      '',
    ].join('\n'),
  );
  expect(warehouses.refused).toEqual([]);
  const inbound = await importFile('inbound-stock', 'sku,warehouse,quantity,expected\nT3,SYD,5,2026-12-12\n');
  expect(inbound.refused).toEqual([]);
  return importFile;
}
