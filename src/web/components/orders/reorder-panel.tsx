import { useSelector } from '@xstate/react';
import type { ReorderLineResult } from '../../../contract/order-history';
import { primaryButtonClass } from '../session/form-field';
import type { ReorderActor } from './use-reorder-actor';

const secondaryButtonClass =
  'inline-flex items-center justify-center rounded border border-black/15 px-4 py-2.5 text-sm font-semibold hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60';

const OUTCOME_LABELS: Readonly<Record<ReorderLineResult['result'], string>> = {
  Added: 'Added',
  PartlyAdded: 'Partly added',
  Unavailable: 'Unavailable',
};

function outcomeText(line: ReorderLineResult): string {
  if (line.result === 'PartlyAdded')
    return `${OUTCOME_LABELS.PartlyAdded}: ${line.addedQuantity} of ${line.requestedQuantity}`;
  if (line.result === 'Added') return `${OUTCOME_LABELS.Added}: ${line.addedQuantity}`;
  return OUTCOME_LABELS.Unavailable;
}

/** What became of each line sent, in the order's order. */
function ReorderResults({ lines }: { lines: readonly ReorderLineResult[] }) {
  return (
    <ul aria-label="Order again: result per line" className="divide-y divide-black/5 rounded border border-black/10">
      {lines.map((line) => (
        <li key={line.lineId} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
          <span>
            <span className="font-semibold">{line.name}</span>{' '}
            <span className="text-xs text-black/60">SKU {line.sku}</span>
            <span className="block text-black/70">{line.reason}</span>
          </span>
          <span className={`font-semibold ${line.result === 'Unavailable' ? 'text-brand-dark' : 'text-green-700'}`}>
            {outcomeText(line)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Order again': every line, or the ticked ones; then the result of each line, and the cart flyout opens (the
 * machine decides when). A failure keeps the choice for another try.
 */
export function ReorderPanel({ actor }: { actor: ReorderActor }) {
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.chosen.length);
  const results = useSelector(actor, (snapshot) => snapshot.context.results);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const addedAny = results.some((line) => line.result !== 'Unavailable');
  return (
    <section
      aria-labelledby="order-again-heading"
      className="space-y-3 rounded-lg border border-black/10 bg-white p-4 shadow-sm"
    >
      <h2 id="order-again-heading" className="text-lg font-bold text-ink">
        Order again
      </h2>
      {state === 'choosing' || state === 'sending' ? (
        <>
          <p className="text-sm text-black/70">
            At today's prices and stock. Wheels come with their vehicle and accessories where they still fit. Tick lines
            to order only those.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${primaryButtonClass} sm:w-auto`}
              disabled={state === 'sending'}
              onClick={() => actor.send({ type: 'reorder.sendAll' })}
            >
              Order all lines again
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={state === 'sending' || chosen === 0}
              onClick={() => actor.send({ type: 'reorder.sendChosen' })}
            >
              Order ticked lines again ({chosen})
            </button>
          </div>
          {state === 'sending' ? <p role="status">Adding to your cart…</p> : null}
        </>
      ) : null}
      {state === 'results' || state === 'done' ? (
        <div className="space-y-3">
          <p role="status" className="text-sm font-semibold">
            {addedAny ? 'Added to your cart:' : 'Nothing could be added to your cart:'}
          </p>
          <ReorderResults lines={results} />
          <div className="flex flex-wrap gap-2">
            {state === 'results' && addedAny ? (
              <button
                type="button"
                className={`${primaryButtonClass} sm:w-auto`}
                onClick={() => actor.send({ type: 'reorder.openCart' })}
              >
                Open the cart
              </button>
            ) : null}
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => actor.send({ type: 'reorder.again' })}
            >
              Choose lines again
            </button>
          </div>
        </div>
      ) : null}
      {state === 'failed' ? (
        <div className="space-y-2">
          <p role="alert" className="rounded border border-brand/30 bg-brand/5 px-4 py-3 text-sm text-brand-dark">
            The order could not be added to your cart: {error}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${primaryButtonClass} sm:w-auto`}
              onClick={() => actor.send({ type: 'reorder.retry' })}
            >
              Try again
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => actor.send({ type: 'reorder.back' })}>
              Back to the lines
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
