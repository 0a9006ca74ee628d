import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import type { RetailerSales } from '../../../contract/sales';
import { retailerSalesQuery } from '../../api/queries/account';
import { useApi } from '../../session/session-context';
import { LoadError } from '../layout/load-error';
import type { SalesBar } from './sales-bar-chart';

// recharts is loaded with this section only, so no other page pays for it.
const SalesBarChart = lazy(() => import('./sales-bar-chart').then((module) => ({ default: module.SalesBarChart })));

/** Categories and brands beyond this many are summed into 'Other' in the charts (the tables list them all). */
const CHART_GROUPS = 10;

interface SalesRow {
  readonly key: string;
  readonly label: string;
  readonly total: string;
  readonly cents: number;
  readonly quantity: number;
}

function chartBars(rows: readonly SalesRow[], grouped: boolean): SalesBar[] {
  const bars = rows.map((row) => ({ label: row.label, cents: row.cents }));
  if (!grouped || bars.length <= CHART_GROUPS) return bars;
  const rest = bars.slice(CHART_GROUPS - 1).reduce((sum, bar) => sum + bar.cents, 0);
  return [...bars.slice(0, CHART_GROUPS - 1), { label: 'Other', cents: rest }];
}

function SalesView({
  id,
  title,
  firstColumn,
  rows,
  orientation,
}: {
  id: string;
  title: string;
  firstColumn: string;
  rows: readonly SalesRow[];
  orientation: 'columns' | 'bars';
}) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-black/10 bg-white p-4 shadow-sm">
      <h3 id={id} className="font-bold text-ink">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-black/70">No purchases in these 12 months.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
          <Suspense fallback={<div className="h-72 w-full animate-pulse rounded bg-panel" aria-hidden="true" />}>
            <SalesBarChart
              bars={chartBars(rows, orientation === 'bars')}
              orientation={orientation}
              label={`${title}, as a chart; the table gives the figures`}
            />
          </Suspense>
          {/* A scrolling box is a stop of the tab order, so keyboard users can scroll it (WCAG 2.1.1). */}
          <div
            role="region"
            aria-label={`${title}, figures`}
            tabIndex={0}
            className="max-h-72 overflow-y-auto focus-visible:outline-2 focus-visible:outline-brand"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}, excl. GST</caption>
              <thead className="sticky top-0 bg-white">
                <tr className="border-b border-black/10">
                  <th scope="col" className="py-1 font-semibold">
                    {firstColumn}
                  </th>
                  <th scope="col" className="py-1 pl-3 text-right font-semibold">
                    Units
                  </th>
                  <th scope="col" className="py-1 pl-3 text-right font-semibold">
                    Purchases
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className="border-b border-black/5">
                    <th scope="row" className="py-1 font-normal">
                      {row.label}
                    </th>
                    <td className="whitespace-nowrap py-1 pl-3 text-right">{row.quantity.toLocaleString('en-AU')}</td>
                    <td className="whitespace-nowrap py-1 pl-3 text-right">{row.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

function SalesViews({ sales }: { sales: RetailerSales }) {
  const months = sales.months.map((month) => ({
    key: month.month,
    label: month.label,
    total: month.total,
    cents: month.totalValue,
    quantity: month.quantity,
  }));
  const groups = (list: RetailerSales['categories']) =>
    list.map((group) => ({
      key: group.name,
      label: group.name,
      total: group.total,
      cents: group.totalValue,
      quantity: group.quantity,
    }));
  return (
    <div className="space-y-4">
      <p className="text-sm text-black/70">
        {sales.months[0]?.label} to {sales.months.at(-1)?.label}:{' '}
        <span className="font-semibold text-ink" data-testid="sales-total">
          {sales.total}
        </span>{' '}
        excl. GST, {sales.quantity.toLocaleString('en-AU')} units.
      </p>
      <SalesView
        id="sales-by-month"
        title="Purchases by month"
        firstColumn="Month"
        rows={months}
        orientation="columns"
      />
      <SalesView
        id="sales-by-category"
        title="Purchases by category"
        firstColumn="Category"
        rows={groups(sales.categories)}
        orientation="bars"
      />
      <SalesView
        id="sales-by-brand"
        title="Purchases by brand"
        firstColumn="Brand"
        rows={groups(sales.brands)}
        orientation="bars"
      />
    </div>
  );
}

/** Sales/RetailerSales: what the account bought over the last 12 months, as charts with their tables beside them. */
export function SalesSection() {
  const api = useApi();
  const sales = useQuery(retailerSalesQuery(api));
  return (
    <section aria-labelledby="sales-heading" className="space-y-4">
      <h2 id="sales-heading" className="text-xl font-bold text-ink">
        Your purchases, last 12 months
      </h2>
      {sales.error ? <LoadError error={sales.error} what="Your sales figures" /> : null}
      {sales.data ? (
        <SalesViews sales={sales.data} />
      ) : sales.error ? null : (
        <p role="status" className="text-sm text-black/60">
          Loading your sales figures…
        </p>
      )}
    </section>
  );
}
