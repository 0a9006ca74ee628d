import { asc } from 'drizzle-orm';
import { PRODUCT_FIELDS } from '../../../contract/product-fields';
import type { Database } from '../../db/client';
import { merchandiseCategories, promotions, warehouses } from '../../db/schema';
import { IDS_PER_QUERY, productIdRange, readColumns } from './catalogue-columns';
import {
  LINK_COLUMNS,
  MERCHANDISE_COLUMNS,
  MERCHANDISE_RECORD_FIELDS,
  STOCK_COLUMNS,
  TYRE_COLUMNS,
  TYRE_RECORD_FIELDS,
  WHEEL_COLUMNS,
  WHEEL_RECORD_FIELDS,
} from './catalogue-column-reads';
import type { MerchandiseRecord, TyreRecord, WheelRecord } from './catalogue-records';
import { type CatalogueSnapshot, applyStockRow, locate } from './catalogue-snapshot';
import type { FacetDefinition } from './faceted-index';
import { type RecordOfFields, facetsOf, recordBuilder } from './product-field-reads';
import { ProductTable } from './product-table';
import { answerCache } from './snapshot-caches';

const TYRE_FACETS: readonly FacetDefinition<TyreRecord>[] = facetsOf(TYRE_RECORD_FIELDS);
const WHEEL_FACETS: readonly FacetDefinition<WheelRecord>[] = facetsOf(WHEEL_RECORD_FIELDS);
/** Merchandise is counted under its subcategory and that one's parent, which the load joins in, and its brand. */
const MERCHANDISE_FACETS: readonly FacetDefinition<MerchandiseRecord>[] = [
  { name: 'categories', valuesOf: (m) => m.category.slug },
  { name: 'subcategories', valuesOf: (m) => m.subcategory.slug },
  ...facetsOf(PRODUCT_FIELDS),
];

/**
 * Reads the whole catalogue from SQL, the source of truth, into the indexed in-memory form. `idsPerQuery` sizes the
 * columnar reads (catalogue-columns.ts).
 */
export async function loadCatalogueSnapshot(
  db: Database,
  idsPerQuery: number = IDS_PER_QUERY,
): Promise<CatalogueSnapshot> {
  const warehouseRows = await db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      kind: warehouses.kind,
      state: warehouses.state,
      dispatchCutoff: warehouses.dispatchCutoff,
      transitDays: warehouses.transitDays,
    })
    .from(warehouses)
    .orderBy(asc(warehouses.sortOrder), asc(warehouses.id));
  const warehouseSlot = new Map(warehouseRows.map((w, slot) => [w.id, slot]));
  const W = warehouseRows.length;
  const [tyreIds, wheelIds, merchandiseIds, stockIds, linkIds] = await Promise.all([
    productIdRange(db, { table: 'tyres', column: 'product_id' }),
    productIdRange(db, { table: 'wheels', column: 'product_id' }),
    productIdRange(db, { table: 'merchandise', column: 'product_id' }),
    productIdRange(db, { table: 'product_stock', column: 'product_id' }),
    productIdRange(db, { table: 'product_promotions', column: 'product_id' }),
  ]);

  // Tyres and wheels, then stock and promotion links, are read side by side: on PostgreSQL each read's queries run
  // on a connection of their own while this process builds what the other's answers hold.
  const readTyres = async () => {
    const items: TyreRecord[] = [];
    const add = recordBuilder(TYRE_RECORD_FIELDS);
    await readColumns(db, TYRE_COLUMNS, tyreIds, (columns) => add(columns, items), idsPerQuery);
    return items;
  };
  const readWheels = async () => {
    const items: WheelRecord[] = [];
    const add = recordBuilder(WHEEL_RECORD_FIELDS);
    await readColumns(db, WHEEL_COLUMNS, wheelIds, (columns) => add(columns, items), idsPerQuery);
    return items;
  };
  const [tyreItems, wheelItems] = await Promise.all([readTyres(), readWheels()]);
  const tyreTable = new ProductTable<TyreRecord>('tyres', tyreItems, TYRE_FACETS, W);
  const wheelTable = new ProductTable<WheelRecord>('wheels', wheelItems, WHEEL_FACETS, W);

  const categories = await db
    .select()
    .from(merchandiseCategories)
    .orderBy(asc(merchandiseCategories.sortOrder), asc(merchandiseCategories.id));
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const merchandiseRows: RecordOfFields<typeof MERCHANDISE_RECORD_FIELDS>[] = [];
  const addMerchandise = recordBuilder(MERCHANDISE_RECORD_FIELDS);
  await readColumns(
    db,
    MERCHANDISE_COLUMNS,
    merchandiseIds,
    (columns) => addMerchandise(columns, merchandiseRows),
    idsPerQuery,
  );
  const merchandiseTable = new ProductTable<MerchandiseRecord>(
    'merchandise',
    merchandiseRows.flatMap(({ categoryId, ...row }) => {
      const sub = categoryById.get(categoryId);
      const parent = sub?.parentId === null || sub?.parentId === undefined ? undefined : categoryById.get(sub.parentId);
      if (!sub || !parent) return [];
      return [
        {
          ...row,
          category: { id: parent.id, slug: parent.slug, name: parent.name },
          subcategory: { id: sub.id, slug: sub.slug, name: sub.name },
        },
      ];
    }),
    MERCHANDISE_FACETS,
    W,
  );

  const snapshot: CatalogueSnapshot = {
    warehouses: warehouseRows,
    warehouseSlot,
    promotions: new Map((await db.select().from(promotions)).map((p) => [p.id, p])),
    tyres: tyreTable,
    wheels: wheelTable,
    merchandise: merchandiseTable,
    categories,
    answerCache: answerCache(),
  };

  await Promise.all([
    readColumns(
      db,
      STOCK_COLUMNS,
      stockIds,
      (stock) =>
        stock.productId.forEach((productId, i) =>
          applyStockRow(snapshot, {
            productId,
            warehouseId: stock.warehouseId[i] as number,
            quantity: stock.quantity[i] as number,
            onOrderQuantity: stock.onOrderQuantity[i] as number,
            onOrderExpectedOn: stock.onOrderExpectedOn[i] ?? null,
          }),
        ),
      idsPerQuery,
    ),
    readColumns(
      db,
      LINK_COLUMNS,
      linkIds,
      (links) =>
        links.productId.forEach((productId, i) => {
          const located = locate(snapshot, productId);
          if (located) (located.table.promotionIds[located.slot] as number[]).push(links.promotionId[i] as number);
        }),
      idsPerQuery,
    ),
  ]);
  return snapshot;
}
