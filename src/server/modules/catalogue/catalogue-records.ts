import type {
  FieldValues,
  MERCHANDISE_FIELDS,
  PRODUCT_FIELDS,
  TYRE_FIELDS,
  WHEEL_FIELDS,
} from '../../../contract/product-fields';
import type { RecordOfFields } from './product-field-reads';

/** What every product holds in the snapshot; its prices change in place when a price import patches them. */
export type ProductRecord = Omit<RecordOfFields<typeof PRODUCT_FIELDS>, 'rrpCents' | 'tradeCents'> & {
  rrpCents: number;
  tradeCents: number;
};

export type TyreRecord = ProductRecord & FieldValues<typeof TYRE_FIELDS>;

export type WheelRecord = ProductRecord & FieldValues<typeof WHEEL_FIELDS>;

interface CategoryInfo {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
}

export type MerchandiseRecord = ProductRecord &
  Omit<FieldValues<typeof MERCHANDISE_FIELDS>, 'categoryId'> & {
    readonly category: CategoryInfo;
    readonly subcategory: CategoryInfo;
  };

export interface WarehouseInfo {
  readonly id: number;
  readonly name: string;
  readonly kind: 'own' | 'supplier';
  readonly state: string | null;
  readonly dispatchCutoff: string;
  readonly transitDays: number;
}

export interface PromotionInfo {
  readonly id: number;
  readonly kind: 'CashBack4' | 'BuyXGetYFree';
  readonly label: string;
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
}
