import { useQuery } from '@tanstack/react-query';
import { accountCreditQuery } from '../../api/queries/account';
import { useApi } from '../../session/session-context';
import { LoadError } from '../layout/load-error';

function Figure({ label, value, emphasis = false }: { label: string; value: string; emphasis?: boolean }) {
  return (
    <div className="rounded-lg border border-black/10 bg-white p-4 shadow-sm">
      <dt className="text-xs font-semibold uppercase tracking-wide text-black/60">{label}</dt>
      <dd className={`mt-1 text-2xl font-extrabold ${emphasis ? 'text-brand' : 'text-ink'}`}>{value}</dd>
    </div>
  );
}

/** Account/CreditLimit: the limit, what outstanding invoices use of it, and what is available for orders. */
export function CreditSummary() {
  const api = useApi();
  const credit = useQuery(accountCreditQuery(api));
  if (credit.error) return <LoadError error={credit.error} what="Your credit limit" />;
  if (!credit.data)
    return (
      <p role="status" className="text-sm text-black/60">
        Loading your balance…
      </p>
    );
  const { data } = credit;
  return (
    <section aria-labelledby="credit-heading" className="space-y-3">
      <h2 id="credit-heading" className="text-lg font-bold text-ink">
        Account balance
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="credit-summary">
        <Figure label="Credit limit" value={data.limit} />
        <Figure label="Used" value={data.used} />
        <Figure label="Available" value={data.available} emphasis={data.isLimitReached} />
      </dl>
      {data.isLimitReached ? (
        <p role="note" className="text-sm font-semibold text-brand">
          Credit limit reached. Pay outstanding invoices below to place new orders on account.
        </p>
      ) : null}
    </section>
  );
}
