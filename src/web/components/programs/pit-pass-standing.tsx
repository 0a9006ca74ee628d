import { useQuery } from '@tanstack/react-query';
import { pitPassQuery } from '../../api/queries/account';
import { useApi } from '../../session/session-context';
import { formatDate } from '../../dates/dates';
import { LoadError } from '../layout/load-error';

const points = (value: number) => value.toLocaleString('en-AU');

/** PitPass/Get: points to spend, the tier (by points earned over 12 months), the way to the next tier, and the history. */
export function PitPassStanding() {
  const api = useApi();
  const standing = useQuery(pitPassQuery(api));
  if (standing.error) return <LoadError error={standing.error} what="Your Pit Pass standing" />;
  if (!standing.data)
    return (
      <p role="status" className="text-sm text-black/60">
        Loading your Pit Pass standing…
      </p>
    );
  const { data } = standing;
  return (
    <section aria-labelledby="pit-pass-standing-heading" className="space-y-4">
      <h2 id="pit-pass-standing-heading" className="text-xl font-bold text-ink">
        Your standing
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg border border-black/10 bg-white p-4 shadow-sm">
          <dt className="text-xs font-semibold uppercase tracking-wide text-black/60">Points to spend</dt>
          <dd className="mt-1 text-2xl font-extrabold text-ink" data-testid="pit-pass-points">
            {points(data.points)}
          </dd>
        </div>
        <div className="rounded-lg border border-black/10 bg-white p-4 shadow-sm">
          <dt className="text-xs font-semibold uppercase tracking-wide text-black/60">Tier</dt>
          <dd className="mt-1 text-2xl font-extrabold text-ink">{data.tier}</dd>
        </div>
        <div className="rounded-lg border border-black/10 bg-white p-4 shadow-sm">
          <dt className="text-xs font-semibold uppercase tracking-wide text-black/60">Earned, last 12 months</dt>
          <dd className="mt-1 text-2xl font-extrabold text-ink">{points(data.tierPoints)}</dd>
        </div>
      </dl>
      <p className="text-sm text-black/70">
        {data.nextTier
          ? `${points(data.nextTier.pointsNeeded)} more points earned in 12 months reach ${data.nextTier.tier}.`
          : 'You are at the top tier.'}
      </p>
      {data.history.length === 0 ? (
        <p className="text-sm text-black/70">No points yet.</p>
      ) : (
        // A scrolling box is a stop of the tab order, so keyboard users can scroll it (WCAG 2.1.1).
        <div
          role="region"
          aria-label="Pit Pass history"
          tabIndex={0}
          className="max-h-96 overflow-y-auto rounded-lg border border-black/10 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Pit Pass history, newest first</caption>
            <thead className="sticky top-0 bg-panel">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Description
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Points
                </th>
              </tr>
            </thead>
            <tbody>
              {data.history.map((entry, index) => (
                <tr key={`${entry.date}-${index}`} className="border-t border-black/5">
                  <td className="px-3 py-2">{formatDate(entry.date)}</td>
                  <td className="px-3 py-2">{entry.description}</td>
                  <td
                    className={`px-3 py-2 text-right font-semibold ${entry.points < 0 ? 'text-brand' : 'text-emerald-700'}`}
                  >
                    {entry.points > 0 ? `+${points(entry.points)}` : points(entry.points)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
