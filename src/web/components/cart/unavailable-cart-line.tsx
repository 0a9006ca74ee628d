import type { CartUnavailableItem } from '../../../contract/cart';

/**
 * A cart line whose product is no longer sold (docs/catalogue.md, retired products): named, with the server's reason,
 * no price and no quantity to change; Remove takes it out so the cart can be checked out again.
 */
export function UnavailableCartLine({ item, onRemove }: { item: CartUnavailableItem; onRemove: () => void }) {
  return (
    <li className="flex gap-3 border-b border-black/10 py-3 opacity-80" aria-label={item.productName}>
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="font-bold line-through">{item.productName}</p>
        <p className="text-xs text-black/60">
          SKU {item.sku} · Qty {item.quantity}
        </p>
        <p className="text-xs font-bold text-red-700">{item.reason}</p>
      </div>
      <button
        type="button"
        className="self-start text-xs text-red-700 underline"
        aria-label={`Remove ${item.productName}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}
