import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '../../../contract/cart';
import type { CartItem } from '../../../contract/cart';
import { useApi } from '../../session/session-context';
import { useUserMay } from '../../session/user-may';
import { cartStateQuery } from '../../api/queries/cart';
import { QuantityPill, pillInputOf, useQuantityPillActor } from '../cart/quantity-pill';

interface SlotProps {
  productId: number;
  productName: string;
  vehicleId?: number;
}

/** Stock matters to the pill only once the product is in the cart, where the line carries the real figures. */
const NOT_IN_CART: CartItem['stock'] = { stockQuantity: 0, localStockQuantity: 0, stockType: 'None', inventories: [] };

function LinePill({ item, focusQuantity }: { item: CartItem; focusQuantity: boolean }) {
  const actor = useQuantityPillActor(pillInputOf(item));
  return (
    <QuantityPill
      actor={actor}
      name={item.productName}
      stock={item.stock}
      remaining={item.buyXGetYFreeItemRemaining}
      focusQuantity={focusQuantity}
    />
  );
}

function AddButton({ productId, productName, vehicleId }: SlotProps) {
  // Not in the cart yet: the pill shows Add to Cart; once added, the cart answer carries the line and its stock.
  const actor = useQuantityPillActor({
    productId,
    itemId: null,
    quantity: 0,
    vehicleId: vehicleId ?? null,
    stock: NOT_IN_CART,
    promotion: null,
    max: MAX_LINE_QUANTITY,
  });
  return <QuantityPill actor={actor} name={productName} stock={NOT_IN_CART} />;
}

/**
 * A product's Add to Cart control on result cards and detail pages (customers only): Cart/Add { productId,
 * quantity: 1 or the quantity typed beside it, vehicleId }, then the line's quantity pill (SPEC.md §4). Nothing for a
 * user whose role does not buy.
 */
export function AddToCartSlot(props: SlotProps) {
  return useUserMay().buy ? <CartSlot {...props} /> : null;
}

function CartSlot(props: SlotProps) {
  const api = useApi();
  const cart = useQuery(cartStateQuery(api));
  // Added from the keyboard: the cursor follows into the line's pill instead of falling back to the page's top.
  const [addedHere, setAddedHere] = useState(false);
  const line = cart.data?.items.find(
    (item) =>
      item.productId === props.productId &&
      (props.vehicleId === undefined || item.accessoryInfo?.vehicleId === props.vehicleId),
  );
  return (
    <div onSubmitCapture={(event) => setAddedHere(event.currentTarget.contains(document.activeElement))}>
      {line ? <LinePill key={line.id} item={line} focusQuantity={addedHere} /> : <AddButton {...props} />}
    </div>
  );
}
