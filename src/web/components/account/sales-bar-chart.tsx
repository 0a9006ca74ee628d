import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAud, formatAudCompact } from '../../../domain/money';

export interface SalesBar {
  readonly label: string;
  readonly cents: number;
}

const BRAND_RED = '#c8102e';

/**
 * One sales chart (recharts, loaded with the sales section only): columns by month, or bars by name largest first.
 * The table beside it carries the same figures for screen readers, so the chart itself is a labelled picture.
 */
export function SalesBarChart({
  bars,
  orientation,
  label,
}: {
  bars: readonly SalesBar[];
  orientation: 'columns' | 'bars';
  label: string;
}) {
  const data = bars.map((bar) => ({ label: bar.label, cents: bar.cents }));
  const vertical = orientation === 'bars';
  return (
    <div role="img" aria-label={label} className="h-72 w-full" data-testid="sales-chart">
      <BarChart
        responsive
        style={{ width: '100%', height: '100%' }}
        data={data}
        layout={vertical ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#0000001a" />
        {vertical ? (
          <>
            <XAxis type="number" tickFormatter={(value: number) => formatAudCompact(value)} fontSize={12} />
            <YAxis type="category" dataKey="label" width={120} fontSize={12} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" fontSize={12} interval={0} angle={-35} textAnchor="end" height={56} />
            <YAxis tickFormatter={(value: number) => formatAudCompact(value)} fontSize={12} width={64} />
          </>
        )}
        <Tooltip formatter={(value) => [formatAud(Number(value)), 'Purchases excl. GST']} />
        <Bar
          dataKey="cents"
          fill={BRAND_RED}
          radius={vertical ? [0, 3, 3, 0] : [3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </div>
  );
}
