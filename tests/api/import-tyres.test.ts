import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, tyres } from '../../src/server/db/schema';
import { findProductBySku } from '../../src/server/modules/catalogue/catalogue-product-lookup';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { type TestApp, createTestApp } from '../support/test-app';
import { catalogueReloadsAfter } from '../support/catalogue-reloads';

const NOW = new Date('2026-11-22T02:00:00Z');

const HEADER =
  'sku,name,brand,description,trade,rrp,active,pattern,size,load_rating,speed_rating,category,season,run_flat,extra_load';

/** Tyres by SKU: created with a slug and a drawn picture, updated, refused, or left as they are. */
describe('importing tyres', () => {
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

  const productOf = async (sku: string) => {
    const [row] = await t.database.db
      .select()
      .from(products)
      .innerJoin(tyres, eq(tyres.productId, products.id))
      .where(eq(products.sku, sku));
    return row;
  };

  const file = [
    HEADER,
    'N1,Alpha Trek 265/65R17 112T,Alpha,An all-terrain tyre.,189.50,279.95,true,Trek,265/65R17,112,T,4WD,Summer,false,false',
    'N2,Alpha Trek LT265/75R16 123/120R,Alpha,,214,315,,Trek,lt265/75r16,123/120,r,Light Truck,Summer,no,yes',
    'N3,Alpha Trek,Alpha,,1.2.3,10,true,Trek,265/65R17,112,T,4WD,Summer,false,false',
    'N4,Alpha Trek,Alpha,,10,10,true,Trek,265/65R17 112T,112,T,4WD,Summer,false,false',
    'N5,Alpha Trek,Alpha,,10,10,maybe,Trek,265/65R17,112,T,4WD,Summer,false,false',
    'W1,Alpha Trek,Alpha,,10,10,true,Trek,265/65R17,112,T,4WD,Summer,false,false',
    'N6,Alpha Trek,Alpha,,10,10,true,Trek,265/65R17,112,Q7,4WD,Summer,false,false',
    '',
  ].join('\n');

  it('creates tyres with a slug and a drawn picture, prices in cents, and names each refused row', async () => {
    const reloads = t.app.catalogue.health().reloads;
    const { job, refused } = await importFile('tyres', file);
    expect(refused).toEqual([
      'line 4: trade: is not an amount in dollars such as 123.45',
      "line 5: size: is not a tyre size ('265/65R17', 'LT265/75R16')",
      'line 6: active: is not yes or no',
      "line 7: sku: is a wheel's SKU",
      'line 8: speed_rating: is not a speed rating',
    ]);
    expect(job.counts).toMatchObject({ read: 7, created: 2, updated: 0, unchanged: 0, failed: 5 });
    expect(await productOf('N1')).toMatchObject({
      products: {
        kind: 'Tyre',
        slug: 'alpha-trek-265-65r17-112t-n1',
        name: 'Alpha Trek 265/65R17 112T',
        description: 'An all-terrain tyre.',
        tradeCents: 18_950,
        rrpCents: 27_995,
        published: true,
        imageUrl: '/images/catalogue/tyres/4wd/alpha-trek-sidewall.png',
      },
      tyres: {
        pattern: 'Trek',
        sizePrefix: null,
        width: 265,
        profile: 65,
        diameter: 17,
        loadRating: '112',
        speedRating: 'T',
        category: '4WD',
        season: 'Summer',
        runFlat: false,
        extraLoad: false,
      },
    });
    expect(await productOf('N2')).toMatchObject({
      products: { tradeCents: 21_400, rrpCents: 31_500, published: true, description: '' },
      tyres: { sizePrefix: 'LT', width: 265, profile: 75, diameter: 16, speedRating: 'R', extraLoad: true },
    });
    // One reload for the whole job, and the new tyres are in the catalogue the shop searches.
    expect(await catalogueReloadsAfter(t.app.catalogue, reloads, 2_000)).toBe(reloads + 1);
    const snapshot = await t.app.catalogue.snapshot();
    expect(findProductBySku(snapshot, 'n2')?.record.name).toBe('Alpha Trek LT265/75R16 123/120R');
  });

  it('changes nothing the second time, and does not reload the catalogue', async () => {
    const reloads = t.app.catalogue.health().reloads;
    const { job } = await importFile('tyres', file);
    expect(job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 5 });
    expect(await catalogueReloadsAfter(t.app.catalogue, reloads, 2_000)).toBe(reloads);
  });

  it('an existing tyre keeps its slug and a picture imported for it, and a description left out', async () => {
    await t.database.db
      .update(products)
      .set({ pictureBlob: 'pictures/n1.webp', imageUrl: '/pictures/n1.webp' })
      .where(eq(products.sku, 'N1'));
    const { job } = await importFile(
      'tyres',
      [
        'sku,name,brand,trade,rrp,pattern,size,load_rating,speed_rating,category,season',
        'n1,Alpha Trek Pro 265/65R17 112T,Alpha,199,289,Trek Pro,265/65R17,112,T,4WD,Summer',
        'N2,Alpha Trek Pro LT265/75R16 123/120R,Alpha,214,315,Trek Pro,LT265/75R16,123/120,R,Light Truck,Summer',
      ].join('\n'),
    );
    expect(job.counts).toMatchObject({ created: 0, updated: 2, unchanged: 0, failed: 0 });
    expect(await productOf('N1')).toMatchObject({
      products: {
        slug: 'alpha-trek-265-65r17-112t-n1',
        name: 'Alpha Trek Pro 265/65R17 112T',
        description: 'An all-terrain tyre.',
        tradeCents: 19_900,
        imageUrl: '/pictures/n1.webp',
      },
      tyres: { pattern: 'Trek Pro' },
    });
    // A drawn picture follows the pattern.
    expect((await productOf('N2'))?.products.imageUrl).toBe(
      '/images/catalogue/tyres/light-truck/alpha-trek-pro-sidewall.png',
    );
  });

  it('a new SKU whose slug another product has gets a slug of its own', async () => {
    const { job } = await importFile(
      'tyres',
      [
        'sku,name,brand,trade,rrp,pattern,size,load_rating,speed_rating,category,season',
        'N.7,Alpha Trek,Alpha,10,20,Trek,265/65R17,112,T,4WD,Summer',
        'N-7,Alpha Trek,Alpha,10,20,Trek,265/65R17,112,T,4WD,Summer',
      ].join('\n'),
    );
    expect(job.counts).toMatchObject({ created: 2 });
    expect((await productOf('N.7'))?.products.slug).toBe('alpha-trek-n-7');
    expect((await productOf('N-7'))?.products.slug).toBe('alpha-trek-n-7-2');
  });

  it('a new SKU given twice in one file is created once, from its last row', async () => {
    const { job } = await importFile(
      'tyres',
      [
        'sku,name,brand,trade,rrp,pattern,size,load_rating,speed_rating,category,season',
        'N8,Alpha Trek,Alpha,10,20,Trek,265/65R17,112,T,4WD,Summer',
        'n8,Alpha Trek Pro,Alpha,12.50,22,Trek Pro,265/65R17,112,T,4WD,Summer',
      ].join('\n'),
    );
    expect(job.counts).toMatchObject({ read: 2, created: 1, unchanged: 1, failed: 0 });
    expect(await productOf('n8')).toMatchObject({
      products: { name: 'Alpha Trek Pro', tradeCents: 1_250, slug: 'alpha-trek-n8' },
      tyres: { pattern: 'Trek Pro' },
    });
  });
});
