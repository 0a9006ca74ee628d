import type { BackOrderedLine } from '../../../contract/order-presentation';

/**
 * A placed order's back-ordered lines (docs/checkout.md 'Back-orders'): how many of each follow when the inbound
 * stock arrives, and when it is expected. Shown on the order's page and its invoice; nothing when none waits.
 */
export function BackOrderedLines({ lines, headingLevel }: { lines: readonly BackOrderedLine[]; headingLevel: 2 | 3 }) {
  if (lines.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-label="Back-ordered" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
      <Heading className="mb-1 font-bold text-ink">Back-ordered</Heading>
      <ul className="space-y-1">
        {lines.map((line) => (
          <li key={`${line.lineId}-${line.sku}`}>
            {line.name} ({line.sku}): {line.backOrder} of {line.quantity} on back-order, {line.expected}
          </li>
        ))}
      </ul>
    </section>
  );
}
