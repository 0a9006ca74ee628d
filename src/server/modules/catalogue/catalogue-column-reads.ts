import { z } from 'zod';
import { MERCHANDISE_FIELDS, PRODUCT_FIELDS, TYRE_FIELDS, WHEEL_FIELDS } from '../../../contract/product-fields';
import type { ColumnRead } from './catalogue-columns';
import { columnReadOf } from './product-field-reads';

/** A kind's fields with every product's: what its records hold. */
export const TYRE_RECORD_FIELDS = { ...PRODUCT_FIELDS, ...TYRE_FIELDS };
export const WHEEL_RECORD_FIELDS = { ...PRODUCT_FIELDS, ...WHEEL_FIELDS };
export const MERCHANDISE_RECORD_FIELDS = { ...PRODUCT_FIELDS, ...MERCHANDISE_FIELDS };

export const TYRE_COLUMNS = columnReadOf(
  TYRE_RECORD_FIELDS,
  'from tyres t join products p on p.id = t.product_id where p.published',
  ['p.id', 't.product_id'],
);

export const WHEEL_COLUMNS = columnReadOf(
  WHEEL_RECORD_FIELDS,
  'from wheels w join products p on p.id = w.product_id where p.published',
  ['p.id', 'w.product_id'],
);

export const MERCHANDISE_COLUMNS = columnReadOf(
  MERCHANDISE_RECORD_FIELDS,
  'from merchandise m join products p on p.id = m.product_id where p.published',
  ['p.id', 'm.product_id'],
);

const stockShape = {
  productId: z.number().int(),
  warehouseId: z.number().int(),
  quantity: z.number().int(),
  onOrderQuantity: z.number().int(),
  onOrderExpectedOn: z.string().nullable(),
};

export const STOCK_COLUMNS: ColumnRead<typeof stockShape> = {
  columns: {
    productId: 's.product_id',
    warehouseId: 's.warehouse_id',
    quantity: 's.quantity',
    onOrderQuantity: 's.on_order_quantity',
    onOrderExpectedOn: 's.on_order_expected_on',
  },
  from: 'from product_stock s where true',
  productIds: ['s.product_id'],
  shape: stockShape,
};

const linkShape = { productId: z.number().int(), promotionId: z.number().int() };

export const LINK_COLUMNS: ColumnRead<typeof linkShape> = {
  columns: { productId: 'l.product_id', promotionId: 'l.promotion_id' },
  from: 'from product_promotions l where true',
  productIds: ['l.product_id'],
  // A product's promotions are listed in this order.
  orderBy: 'l.product_id, l.promotion_id',
  shape: linkShape,
};
