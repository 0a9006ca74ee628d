import { type FormEvent, useState } from 'react';
import { type OrderStatus, orderStatuses } from '../../../contract/checkout';
import type { OrderPlacer } from '../../../contract/order-history';
import { primaryButtonClass } from '../session/form-field';
import type { OrderHistorySearch } from './order-history-search';
import { ORDER_STATUS_LABELS } from './order-status';

const fieldClass =
  'mt-1 block w-full rounded border border-black/20 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand';
const labelClass = 'block text-sm font-semibold text-ink';

type Filters = Omit<OrderHistorySearch, 'page'>;

/**
 * The history's search and filters. Dates are the browser's date fields (shown as the browser's locale writes
 * dates, en-AU here; sent as ISO days). Given `placers` (the account's users), it also filters by who placed an
 * order. Applying goes back to the first page.
 */
export function OrderHistoryFilters({
  value,
  onApply,
  label = 'Search your orders',
  placeholder = 'Stock number, reference, order, invoice, SKU or product',
  placers,
}: {
  value: Filters;
  onApply: (filters: Filters) => void;
  /** The search form's name, and what its search field matches; the back office's search reaches every account. */
  label?: string;
  placeholder?: string;
  placers?: readonly OrderPlacer[] | undefined;
}) {
  const [search, setSearch] = useState(value.search ?? '');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [status, setStatus] = useState<OrderStatus | ''>(value.status ?? '');
  const [placedBy, setPlacedBy] = useState(value.placedBy === undefined ? '' : String(value.placedBy));
  const backwards = from !== '' && to !== '' && to < from;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (backwards) return;
    onApply({
      search: search.trim() === '' ? undefined : search.trim(),
      from: from === '' ? undefined : from,
      to: to === '' ? undefined : to,
      status: status === '' ? undefined : status,
      placedBy: placedBy === '' ? undefined : Number(placedBy),
    });
  };
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className={`grid gap-3 rounded-lg border border-black/10 bg-panel p-4 sm:grid-cols-2 ${
        placers ? 'lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]' : 'lg:grid-cols-[2fr_1fr_1fr_1fr_auto]'
      }`}
    >
      <label className={labelClass}>
        Search
        <input
          type="search"
          className={fieldClass}
          value={search}
          maxLength={100}
          placeholder={placeholder}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <label className={labelClass}>
        From
        <input type="date" className={fieldClass} value={from} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label className={labelClass}>
        To
        <input
          type="date"
          className={fieldClass}
          value={to}
          aria-invalid={backwards || undefined}
          aria-describedby={backwards ? 'order-history-dates' : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
      </label>
      <label className={labelClass}>
        Status
        <select
          className={fieldClass}
          value={status}
          onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
        >
          <option value="">Any status</option>
          {orderStatuses.map((option) => (
            <option key={option} value={option}>
              {ORDER_STATUS_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      {placers ? (
        <label className={labelClass}>
          Placed by
          <select className={fieldClass} value={placedBy} onChange={(event) => setPlacedBy(event.target.value)}>
            <option value="">Anyone</option>
            {placers.map((placer) => (
              <option key={placer.id} value={String(placer.id)}>
                {placer.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="flex items-end gap-2">
        <button type="submit" className={primaryButtonClass}>
          Search
        </button>
        <button
          type="button"
          className="rounded border border-black/15 px-3 py-2 text-sm font-semibold hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
          onClick={() => onApply({})}
        >
          Clear
        </button>
      </div>
      {backwards ? (
        <p id="order-history-dates" role="alert" className="text-sm text-brand-dark sm:col-span-2 lg:col-span-full">
          The 'To' date is before the 'From' date.
        </p>
      ) : null}
    </form>
  );
}
