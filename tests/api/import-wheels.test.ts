import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, wheels } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

const HEADER = 'sku,name,brand,trade,rrp,design,colour,performance,size,width,pcds,offset,centre_bore,seat,spokes';

/** Wheels by SKU: every attribute the wheel search filters on, drillings separated by spaces or ';'. */
describe('importing wheels', () => {
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

  const wheelOf = async (sku: string) => {
    const [row] = await t.database.db
      .select()
      .from(products)
      .innerJoin(wheels, eq(wheels.productId, products.id))
      .where(eq(products.sku, sku));
    return row;
  };

  const file = [
    HEADER,
    'WN1,Delta Kombat 18x9 6x139.7/6x114.3 -12 Bronze,Delta,298,439,Kombat,Bronze,4WD,18,9,6x139.7;6X114.3,-12,106.1,conical,6',
    'WN2,Delta Kombat,Delta,298,439,Kombat,Bronze,4WD,18,8.25,6x139.7,10,106.1,Conical,6',
    'WN3,Delta Kombat,Delta,298,439,Kombat,Bronze,4WD,18,9,6-139.7,10,106.1,Conical,6',
    'WN4,Delta Kombat,Delta,298,439,Kombat,Bronze,4WD,18,9,6x139.7,10,106.1,Hex,6',
    'T1,Delta Kombat,Delta,298,439,Kombat,Bronze,4WD,18,9,6x139.7,10,106.1,Conical,6',
    '',
  ].join('\n');

  it('creates a wheel with its drillings, offset, bore and seat, and names each refused row', async () => {
    const { job, refused } = await importFile('wheels', file);
    expect(refused).toEqual([
      'line 3: width: is not a number with at most one decimal place',
      "line 4: pcds: is not bolt patterns ('6x139.7 6x114.3')",
      "line 5: seat: is not 'Conical', 'Ball' or 'Flat'",
      "line 6: sku: is a tyre's SKU",
    ]);
    expect(job.counts).toMatchObject({ read: 5, created: 1, failed: 4 });
    expect(await wheelOf('WN1')).toMatchObject({
      products: {
        kind: 'Wheel',
        slug: 'delta-kombat-18x9-6x139-7-6x114-3-12-bronze-wn1',
        tradeCents: 29_800,
        rrpCents: 43_900,
        imageUrl: '/images/catalogue/wheels/6-spoke/bronze/delta-kombat.png',
      },
      wheels: {
        design: 'Kombat',
        colour: 'Bronze',
        performance: '4WD',
        size: 18,
        width: 9,
        pcds: ['6x139.7', '6x114.3'],
        offset: -12,
        centreBore: 106.1,
        seat: 'Conical',
        spokes: 6,
      },
    });
  });

  it('changes nothing the second time; a changed drilling updates the wheel', async () => {
    expect((await importFile('wheels', file)).job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const changed = await importFile(
      'wheels',
      `${HEADER}\nWN1,Delta Kombat 18x9 6x139.7 -12 Bronze,Delta,298,439,Kombat,Bronze,4WD,18,9,6x139.7,-12,106.1,Conical,6\n`,
    );
    expect(changed.job.counts).toMatchObject({ updated: 1 });
    expect((await wheelOf('WN1'))?.wheels.pcds).toEqual(['6x139.7']);
  });
});
