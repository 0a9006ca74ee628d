import type { BackOrderLine } from '../../../contract/cart';
import { BACK_ORDER_CONSENT } from '../../../contract/checkout';
import { splitWords } from '../../../domain/shipment-split';
import { CheckoutSection } from './checkout-section';

/**
 * docs/checkout.md 'Back-orders': the lines the warehouses cannot send in full now, each split into what ships now and
 * what is back-ordered with its expected date, and the checkbox by which the customer agrees to it.
 */
export function BackOrderSection({
  lines,
  accepted,
  onAcceptedChange,
  disabled,
}: {
  lines: readonly BackOrderLine[];
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  disabled: boolean;
}) {
  if (lines.length === 0) return null;
  return (
    <CheckoutSection title="Back-orders">
      <ul className="mb-3 space-y-2 text-sm">
        {lines.map((line) => (
          <li key={`${line.cartItemId}-${line.sku}`} className="rounded border border-amber-300 bg-amber-50 p-2">
            <span className="font-bold">
              {line.name} ({line.sku})
            </span>
            <span className="block">{splitWords(line)}</span>
          </li>
        ))}
      </ul>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-bold">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand"
          checked={accepted}
          disabled={disabled}
          onChange={(event) => onAcceptedChange(event.target.checked)}
        />
        {BACK_ORDER_CONSENT}
      </label>
    </CheckoutSection>
  );
}
