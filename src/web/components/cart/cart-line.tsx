import { DeliveryText } from '../catalogue/delivery-text';
import type { BackOrderLine, CartItem } from '../../../contract/cart';
import type { PresentedLine } from '../../../contract/order-presentation';
import { splitWords } from '../../../domain/shipment-split';
import type { PriceDisplayMode } from '../../../domain/trade-price';
import { AccessoryRows, shownRowPrice } from '../checkout/order-presentation-view';
import { CatalogueImage } from '../catalogue/catalogue-image';
import { ConfirmButton } from './confirm-button';
import { QuantityPill, pillInputOf, useQuantityPillActor } from './quantity-pill';
import type { EditStep } from '../../../../machines/accessories-wizard';

const editClass = 'rounded border border-black/20 px-2 py-0.5 text-xs disabled:opacity-40';

function vehicleText(item: CartItem): string {
  const info = item.accessoryInfo;
  if (!info?.vehicleId) return 'None Supplied';
  return [info.vehicleMake, info.vehicleModel, info.vehicleSeries].filter(Boolean).join(' ');
}

/** SPEC.md §4: what the accessories row says for each status; chosen accessories are listed, each priced. */
function AccessoriesCell({
  item,
  line,
  mode,
}: {
  item: CartItem;
  line: PresentedLine | undefined;
  mode: PriceDisplayMode;
}) {
  if (item.accessoryStatus === 'CompleteSkipped') return <>No Accessories Required</>;
  if (item.accessoryStatus !== 'Complete' || !line || line.accessories.length === 0) return <>None Supplied</>;
  return <AccessoryRows line={line} mode={mode} />;
}

function LinePrice({ item, line, mode }: { item: CartItem; line: PresentedLine | undefined; mode: PriceDisplayMode }) {
  const price = line ? shownRowPrice(line, mode) : null;
  if (!price) return <p className="text-xs text-black/60">Price hidden</p>;
  return (
    <p>
      {price.unit} each · <span className="font-bold">{price.amount}</span>
      {mode === 'Trade' && item.discount ? <span className="text-green-800"> (saving {item.discount})</span> : null}
    </p>
  );
}

/**
 * One cart line: picture, name, price, quantity pill, delete, and for wheels the vehicle and accessories rows.
 * Its figures are the cart's presentation line (`line`), shown as the screen's price mode allows; `backOrders` are
 * its product's and its accessories' splits as the checkout will make them (docs/checkout.md 'Back-orders').
 */
export function CartLine({
  item,
  line,
  mode,
  backOrders,
  onDelete,
  onEdit,
}: {
  item: CartItem;
  line: PresentedLine | undefined;
  mode: PriceDisplayMode;
  backOrders: readonly BackOrderLine[];
  onDelete: () => void;
  onEdit: (step: EditStep) => void;
}) {
  const pill = useQuantityPillActor(pillInputOf(item));
  return (
    <li className="flex gap-3 border-b border-black/10 py-3" aria-label={item.productName}>
      <CatalogueImage picture={item.picture} displayWidth={80} className="h-20 w-20 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="font-bold">{item.productName}</p>
        <p className="text-xs text-black/60">SKU {item.sku}</p>
        <p>
          <DeliveryText delivery={item.delivery} className="text-xs" />
        </p>
        {backOrders.map((split) => (
          <p key={split.sku} className="rounded bg-amber-50 px-1 text-xs text-amber-900">
            {split.sku === item.sku ? null : `${split.name}: `}
            {splitWords(split)}
          </p>
        ))}
        <LinePrice item={item} line={line} mode={mode} />
        {item.promotionDiscountLabel ? (
          <p className="text-xs font-bold text-brand">{item.promotionDiscountLabel}</p>
        ) : null}
        <div className="flex items-center gap-2">
          <QuantityPill
            actor={pill}
            name={item.productName}
            stock={item.stock}
            remaining={item.buyXGetYFreeItemRemaining}
          />
          <ConfirmButton
            label={`Delete ${item.productName}`}
            question="Are you sure you wish to delete this item from your cart?"
            confirmLabel="Yes, Delete"
            onConfirm={onDelete}
            className="ml-auto text-xs text-red-700 underline"
          >
            Delete
          </ConfirmButton>
        </div>
        {item.productType === 'Wheel' && item.accessoryStatus !== 'None' ? (
          <dl className="grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-1 rounded bg-panel p-2 text-xs">
            <dt className="font-bold">Vehicle</dt>
            <dd>
              {vehicleText(item)}
              {item.accessoryStatus === 'CompleteInvalidVehicle' ? (
                <span className="ml-1 font-bold text-red-700">Incompatible Vehicle</span>
              ) : null}
            </dd>
            <dd>
              <button
                type="button"
                className={editClass}
                aria-label={`Edit vehicle of ${item.productName}`}
                onClick={() => onEdit('vehicle')}
              >
                Edit
              </button>
            </dd>
            <dt className="font-bold">Accessories</dt>
            <dd>
              <AccessoriesCell item={item} line={line} mode={mode} />
            </dd>
            <dd>
              <button
                type="button"
                className={editClass}
                aria-label={`Edit accessories of ${item.productName}`}
                disabled={item.accessoryStatus !== 'Complete'}
                onClick={() => onEdit('accessories')}
              >
                Edit
              </button>
            </dd>
          </dl>
        ) : null}
      </div>
    </li>
  );
}
