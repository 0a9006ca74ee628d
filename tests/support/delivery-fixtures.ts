import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createCatalogueFixture } from './catalogue-fixtures';
import { bearer, createCustomer, signIn } from './fixtures';
import { type FileImporter, createFileImporter } from './import-file';
import { type TestApp, api } from './test-app';

/** Friday 27 November 2026, 10:00 in Melbourne and Sydney (AEDT): before every warehouse's dispatch cut-off. */
export const FRIDAY_MORNING = new Date('2026-11-26T23:00:00Z');

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

export type DeliveryState = 'VIC' | 'NSW';

export interface DeliveryShop {
  /** The importer createDeliveryCatalogue answered, to be disposed of with the app. */
  readonly importFile: FileImporter;
  /** The headers of a signed-in customer in each state, shown trade prices. */
  readonly tokens: Readonly<Record<DeliveryState, Record<string, string>>>;
  /** POSTs a search with a customer's headers, or as a visitor without them. */
  search(path: string, payload: object, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** createDeliveryCatalogue with one signed-in customer in VIC and one in NSW, the catalogue loaded with them. */
export async function createDeliveryShop(t: TestApp, now: Date): Promise<DeliveryShop> {
  const importFile = await createDeliveryCatalogue(t, now);
  const tokenOf = async (state: DeliveryState) => {
    const { email } = await createCustomer(t.database.db, { state, priceDisplay: 'Trade' });
    return bearer(await signIn(t.app, email));
  };
  const tokens = { VIC: await tokenOf('VIC'), NSW: await tokenOf('NSW') };
  await t.app.catalogue.reload();
  return {
    importFile,
    tokens,
    search: (path, payload, headers) =>
      t.app.inject({ method: 'POST', url: api(path), payload, ...(headers ? { headers } : {}) }),
  };
}
