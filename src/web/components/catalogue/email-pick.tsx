import { isPicked, openFront, pickRear, togglePicked, useEmailProducts } from './email-products';

/**
 * The card's 'Email' tick: picks the product for a mailed quote (select and email). In a staggered search the rear
 * results pair with the newest front pick, so a front/rear set travels as one entry.
 */
export function EmailPick({
  product,
  role = 'single',
}: {
  product: { id: number; name: string };
  role?: 'single' | 'rear';
}) {
  useEmailProducts();
  const picked = isPicked(product.id);
  const waitingFront = role === 'rear' ? openFront() : undefined;
  const disabled = role === 'rear' && !picked && !waitingFront;
  return (
    <label
      title={disabled ? 'Pick a front tyre first' : undefined}
      className={`inline-flex cursor-pointer items-center gap-1.5 text-xs font-semibold ${disabled ? 'cursor-not-allowed text-black/60' : 'text-black/70 hover:text-brand'}`}
    >
      <input
        type="checkbox"
        checked={picked}
        disabled={disabled}
        onChange={() => (role === 'rear' && !picked ? pickRear(product) : togglePicked(product))}
        className="h-3.5 w-3.5 accent-brand"
        aria-label={role === 'rear' ? `Email ${product.name} as the rear tyre` : `Email ${product.name}`}
      />
      {role === 'rear' ? 'Email as rear' : 'Email'}
    </label>
  );
}
