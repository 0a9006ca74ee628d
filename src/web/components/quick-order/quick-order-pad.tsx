import { useSelector } from '@xstate/react';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { type QuickOrderRow, isFailed, isReady } from '../../../../machines/quick-order';
import { MAX_QUICK_ORDER_LINES, type QuickOrderProduct, type QuickOrderResult } from '../../../contract/quick-order';
import { formatAud } from '../../../domain/money';
import { DeliveryText } from '../catalogue/delivery-text';
import { stockSummary } from '../catalogue/stock-badge';
import { isTabular, parseQuickOrderText, rowProblem } from './quick-order-csv';
import type { QuickOrderActor } from './use-quick-order';

const inputClass =
  'w-full rounded border border-black/20 px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand aria-[invalid=true]:border-red-600';
const buttonClass =
  'rounded px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50';

const itemInputId = (rowId: number) => `quick-order-item-${rowId}`;

function priceText(product: QuickOrderProduct): string {
  return product.priceCents === null
    ? ''
    : `${formatAud(product.priceCents)}${product.priceDisplay === 'RRP' ? ' RRP' : ''}`;
}

function stockText(product: QuickOrderProduct): string {
  return stockSummary({ ...product, inventories: [] }).label;
}

/** Rows pasted from a spreadsheet become rows of the pad; anything else is typed into the field as usual. */
function usePasteRows(actor: QuickOrderActor) {
  return (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isTabular(text)) return;
    event.preventDefault();
    actor.send({ type: 'rows.append', lines: parseQuickOrderText(text) });
  };
}

function Candidates({ actor, row, index }: { actor: QuickOrderActor; row: QuickOrderRow; index: number }) {
  const highlighted = useSelector(actor, (snapshot) =>
    snapshot.context.choosing?.rowId === row.id ? snapshot.context.choosing.highlighted : null,
  );
  if (row.result?.status !== 'Ambiguous') return null;
  const listId = `quick-order-candidates-${row.id}`;
  // The list goes once a candidate is taken: the row's text (now the SKU) takes the focus, ready for Add all.
  const pick = (index?: number) => {
    actor.send({ type: 'candidate.pick', ...(index === undefined ? {} : { index }) });
    document.getElementById(itemInputId(row.id))?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => actor.send({ type: 'candidate.next' }),
      ArrowUp: () => actor.send({ type: 'candidate.previous' }),
      Enter: () => pick(),
      ' ': () => pick(),
      Escape: () => actor.send({ type: 'candidate.cancel' }),
    };
    const key = keys[event.key];
    if (!key) return;
    event.preventDefault();
    if (highlighted === null) actor.send({ type: 'row.choose', id: row.id });
    else key();
  };
  return (
    <div className="mt-1">
      <p className="text-xs text-black/60">
        {row.result.matchCount > row.result.candidates.length
          ? `${row.result.matchCount} products match; the ${row.result.candidates.length} cheapest are shown. Choose one, or type more of the size.`
          : 'Choose one with the arrow keys and Enter.'}
      </p>
      <ul
        id={listId}
        role="listbox"
        tabIndex={0}
        aria-label={`Choose a product for row ${index + 1}`}
        aria-activedescendant={highlighted === null ? undefined : `${listId}-${highlighted}`}
        onFocus={() => actor.send({ type: 'row.choose', id: row.id })}
        onBlur={() => actor.send({ type: 'candidate.cancel' })}
        onKeyDown={onKeyDown}
        className="mt-1 divide-y divide-black/5 rounded border border-black/15 focus-visible:outline-2 focus-visible:outline-brand"
      >
        {row.result.candidates.map((candidate, position) => (
          <li
            key={candidate.id}
            id={`${listId}-${position}`}
            role="option"
            aria-selected={highlighted === position}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              actor.send({ type: 'row.choose', id: row.id });
              pick(position);
            }}
            className="flex cursor-pointer flex-wrap items-baseline gap-x-3 px-2 py-1.5 text-sm aria-selected:bg-brand/10"
          >
            <span className="font-semibold">
              {candidate.brand}
              {candidate.pattern ? ` ${candidate.pattern}` : ''}
            </span>
            <span className="text-black/70">{candidate.name}</span>
            <span className="ml-auto font-semibold">{priceText(candidate)}</span>
            <span className="text-xs text-black/60">{stockText(candidate)}</span>
            <DeliveryText delivery={candidate.delivery} className="basis-full text-xs" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The product a short line named, and the quantity the own warehouses hold, one click away. */
function ShortStockNote({
  actor,
  rowId,
  result,
}: {
  actor: QuickOrderActor;
  rowId: number;
  result: Extract<QuickOrderResult, { status: 'ShortStock' }>;
}) {
  return (
    <span className="block text-xs text-black/60">
      {result.product.name}
      {result.available > 0 ? (
        <button
          type="button"
          onClick={() => actor.send({ type: 'row.change', id: rowId, quantity: String(result.available) })}
          className="ml-2 font-bold text-brand underline"
        >
          Change to {result.available}
        </button>
      ) : null}
    </span>
  );
}

function RowResult({
  actor,
  row,
  index,
  sending,
}: {
  actor: QuickOrderActor;
  row: QuickOrderRow;
  index: number;
  sending: boolean;
}) {
  if (sending) return <span className="text-black/60">Adding…</span>;
  const problem = rowProblem(row);
  if (row.result?.status === 'Added') {
    const { product } = row.result;
    return (
      <span className="text-emerald-800">
        Added: {product.name}
        {product.priceCents === null ? '' : ` · ${priceText(product)}`}
      </span>
    );
  }
  return (
    <div>
      <span className={problem ? 'text-red-700' : 'text-black/60'}>{problem ?? 'Ready'}</span>
      {row.result?.status === 'ShortStock' ? <ShortStockNote actor={actor} rowId={row.id} result={row.result} /> : null}
      <Candidates actor={actor} row={row} index={index} />
    </div>
  );
}

function PadRow({
  actor,
  row,
  index,
  sending,
}: {
  actor: QuickOrderActor;
  row: QuickOrderRow;
  index: number;
  sending: boolean;
}) {
  const pasteRows = usePasteRows(actor);
  const adding = useSelector(actor, (snapshot) => snapshot.matches('adding'));
  const added = row.result?.status === 'Added';
  const failed = isFailed(row);
  return (
    <tr aria-label={`Row ${index + 1}`} className="align-top">
      <td className="px-2 py-2 text-sm text-black/50">{index + 1}</td>
      <td className="px-2 py-2">
        <input
          id={itemInputId(row.id)}
          aria-label={`Item of row ${index + 1}`}
          className={inputClass}
          value={row.query}
          readOnly={added || adding}
          aria-invalid={failed}
          onPaste={pasteRows}
          onChange={(event) => actor.send({ type: 'row.change', id: row.id, query: event.target.value })}
        />
      </td>
      <td className="px-2 py-2">
        <input
          aria-label={`Quantity of row ${index + 1}`}
          inputMode="numeric"
          className={`${inputClass} w-20`}
          value={row.quantity}
          readOnly={added || adding}
          aria-invalid={failed}
          onChange={(event) => actor.send({ type: 'row.change', id: row.id, quantity: event.target.value })}
        />
      </td>
      <td className="px-2 py-2 text-sm" aria-live="polite">
        <RowResult actor={actor} row={row} index={index} sending={sending} />
      </td>
      <td className="px-2 py-2 text-right">
        <button
          type="button"
          aria-label={`Remove row ${index + 1}`}
          disabled={adding}
          onClick={() => actor.send({ type: 'row.remove', id: row.id })}
          className={`${buttonClass} px-2 text-black/60 hover:text-red-700`}
        >
          ✕
        </button>
      </td>
    </tr>
  );
}

function EntryRow({ actor, number }: { actor: QuickOrderActor; number: number }) {
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const full = useSelector(actor, (snapshot) => snapshot.context.rows.length >= snapshot.context.maxRows);
  const queryRef = useRef<HTMLInputElement>(null);
  const pasteRows = usePasteRows(actor);
  const submit = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const before = actor.getSnapshot().context.rows.length;
    actor.send({ type: 'draft.submit' });
    if (actor.getSnapshot().context.rows.length > before) queryRef.current?.focus();
  };
  return (
    <tr className="align-top bg-panel/60">
      <td className="px-2 py-2 text-sm text-black/50">{number}</td>
      <td className="px-2 py-2">
        <input
          ref={queryRef}
          // The pad is for typing: the cursor starts in its first field.
          autoFocus
          aria-label="New item: SKU, tyre size or wheel code"
          placeholder="e.g. 2656517, 265/65R17 112H or a SKU"
          className={inputClass}
          value={draft.query}
          disabled={full}
          onPaste={pasteRows}
          onKeyDown={submit}
          onChange={(event) => actor.send({ type: 'draft.change', query: event.target.value })}
        />
      </td>
      <td className="px-2 py-2">
        <input
          aria-label="New quantity"
          inputMode="numeric"
          placeholder="Qty"
          className={`${inputClass} w-20`}
          value={draft.quantity}
          disabled={full}
          onKeyDown={submit}
          onChange={(event) => actor.send({ type: 'draft.change', quantity: event.target.value })}
        />
      </td>
      <td className="px-2 py-2 text-sm text-black/60" colSpan={2}>
        {full ? `The pad holds ${MAX_QUICK_ORDER_LINES} rows.` : 'Enter adds the row.'}
      </td>
    </tr>
  );
}

function CsvImport({ actor }: { actor: QuickOrderActor }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 rounded border border-black/20 px-4 py-2 text-sm font-semibold focus-within:outline-2 focus-within:outline-brand hover:bg-panel">
      Import a CSV file
      <input
        type="file"
        accept=".csv,text/csv,text/plain"
        className="sr-only"
        onChange={async (event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          actor.send({ type: 'rows.append', lines: parseQuickOrderText(await file.text()) });
          input.value = '';
        }}
      />
    </label>
  );
}

/**
 * The quick order pad: a keyboard-first grid of query and quantity rows, filled by typing, pasting
 * spreadsheet rows or importing a CSV; 'Add all to cart' sends the ready rows once and each row shows its answer.
 */
export function QuickOrderPad({ actor }: { actor: QuickOrderActor }) {
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows);
  const sending = useSelector(actor, (snapshot) => snapshot.context.sending);
  const adding = useSelector(actor, (snapshot) => snapshot.matches('adding'));
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice);
  const ready = rows.filter(isReady).length;
  const failed = rows.filter(isFailed).length;
  const added = rows.filter((row) => row.result?.status === 'Added').length;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <CsvImport actor={actor} />
        <span className="text-sm text-black/60">
          query,quantity per line, with or without a header; up to {MAX_QUICK_ORDER_LINES} rows.
        </span>
      </div>
      {notice ? (
        <div
          role="alert"
          className="flex items-start justify-between gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <span>{notice}</span>
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => actor.send({ type: 'notice.dismiss' })}
          >
            Dismiss
          </button>
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] border-collapse" aria-label="Quick order rows">
          <thead>
            <tr className="border-b border-black/10 text-left text-xs font-semibold uppercase tracking-wide text-black/60">
              <th className="w-10 px-2 py-2">#</th>
              <th className="px-2 py-2">SKU, tyre size or wheel code</th>
              <th className="w-24 px-2 py-2">Quantity</th>
              <th className="px-2 py-2">Result</th>
              <th className="w-12 px-2 py-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-black/5">
            {rows.map((row, index) => (
              <PadRow key={row.id} actor={actor} row={row} index={index} sending={sending.includes(row.id)} />
            ))}
            <EntryRow actor={actor} number={rows.length + 1} />
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={adding || ready === 0}
          onClick={() => actor.send({ type: 'rows.addAll' })}
          className={`${buttonClass} bg-brand text-white hover:bg-brand-dark`}
        >
          {adding ? 'Adding…' : `Add all to cart${ready > 0 ? ` (${ready})` : ''}`}
        </button>
        <button
          type="button"
          disabled={adding || failed === 0}
          onClick={() => actor.send({ type: 'rows.download' })}
          className={`${buttonClass} border border-black/20 hover:bg-panel`}
        >
          Download rows to correct (CSV)
        </button>
        <button
          type="button"
          disabled={adding || rows.length === 0}
          onClick={() => actor.send({ type: 'rows.clear' })}
          className={`${buttonClass} text-black/70 hover:text-red-700`}
        >
          Clear all rows
        </button>
        <p role="status" className="text-sm text-black/70">
          {rows.length === 0 ? 'No rows yet.' : `${added} added · ${failed} to correct · ${ready} ready`}
        </p>
      </div>
    </div>
  );
}
