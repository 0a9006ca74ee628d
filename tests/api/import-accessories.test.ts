import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchandise, merchandiseCategories, products } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

const HEADER =
  'sku,name,brand,trade,rrp,category,thread,seat,fastener,finish,length,outer_bore,inner_bore,tpms_frequency_mhz,pack_of';

/** Accessories by SKU: a subcategory by its slug or name, and the specs the cart's accessory step reads. */
describe('importing accessories', () => {
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

  const itemOf = async (sku: string) => {
    const [row] = await t.database.db
      .select({ product: products, specs: merchandise.specs, subcategory: merchandiseCategories.slug })
      .from(products)
      .innerJoin(merchandise, eq(merchandise.productId, products.id))
      .innerJoin(merchandiseCategories, eq(merchandiseCategories.id, merchandise.categoryId))
      .where(eq(products.sku, sku));
    return row;
  };

  const file = [
    HEADER,
    'MN1,YHI Conical Nut M12x1.5 Chrome (Pack of 24),YHI,38,59.95,wheel-nuts,M12x1.5,Conical,Nut,Chrome,,,,,24',
    'MN2,YHI Hub Ring 106.1-93.1,YHI,9.5,14.95,HUB RINGS,,,,,,106.1,93.1,,',
    'MN3,YHI Sticker,YHI,1,2,Stickers,,,,,,,,,',
    'MN4,YHI Nut,YHI,1,2,wheel-nuts,,,Stud,,,,,,',
    'MN5,YHI Cap,YHI,1,2,Apparel,,,,,,,,,',
    '',
  ].join('\n');

  it('creates items in the subcategory named, with their specs, and names each refused row', async () => {
    const { job, refused } = await importFile('accessories', file);
    expect(refused).toEqual([
      'line 4: category: no subcategory has this slug or name (give parent_category to create it)',
      "line 5: fastener: is not 'Nut' or 'Bolt'",
      'line 6: category: no subcategory has this slug or name (give parent_category to create it)',
    ]);
    expect(job.counts).toMatchObject({ read: 5, created: 2, failed: 3 });
    expect(await itemOf('MN1')).toMatchObject({
      product: {
        kind: 'Merchandise',
        tradeCents: 3_800,
        rrpCents: 5_995,
        imageUrl: '/images/catalogue/merchandise/wheel-nuts.png',
      },
      specs: { thread: 'M12x1.5', seat: 'Conical', fastener: 'Nut', finish: 'Chrome', packOf: '24' },
      subcategory: 'wheel-nuts',
    });
    expect(await itemOf('MN2')).toMatchObject({
      specs: { outerBore: '106.1', innerBore: '93.1' },
      subcategory: 'hub-rings',
    });
  });

  it('a subcategory named for the first time is created in the parent category given, itself created if new', async () => {
    const { job } = await importFile(
      'accessories',
      [
        'sku,name,brand,trade,rrp,category,parent_category',
        'MN6,YHI Valve Cap Chrome,YHI,1,2,Valve Caps,Wheel Accessories',
        'MN7,YHI Decal,YHI,1,2,Decals,Promotional',
        'MN8,YHI Decal Large,YHI,1,2,decals,',
      ].join('\n'),
    );
    expect(job.counts).toMatchObject({ created: 3, failed: 0 });
    expect(await itemOf('MN6')).toMatchObject({
      subcategory: 'valve-caps',
      product: { imageUrl: '/images/catalogue/merchandise/valve-caps.png' },
    });
    expect((await itemOf('MN8'))?.subcategory).toBe('decals');
    const categories = await t.database.db.select().from(merchandiseCategories);
    const bySlug = new Map(categories.map((category) => [category.slug, category]));
    expect(bySlug.get('valve-caps')?.parentId).toBe(bySlug.get('wheel-accessories')?.id);
    expect(bySlug.get('decals')).toMatchObject({ name: 'Decals', parentId: bySlug.get('promotional')?.id });
    expect(bySlug.get('promotional')).toMatchObject({ name: 'Promotional', parentId: null });
  });

  it('changes nothing the second time; a spec left empty is taken off', async () => {
    expect((await importFile('accessories', file)).job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const changed = await importFile(
      'accessories',
      `${HEADER}\nMN1,YHI Conical Nut M12x1.5 Chrome (Pack of 24),YHI,38,59.95,Wheel Nuts,M12x1.5,Conical,Nut,,,,,,24\n`,
    );
    expect(changed.job.counts).toMatchObject({ updated: 1 });
    expect((await itemOf('MN1'))?.specs).toEqual({ thread: 'M12x1.5', seat: 'Conical', fastener: 'Nut', packOf: '24' });
  });
});
