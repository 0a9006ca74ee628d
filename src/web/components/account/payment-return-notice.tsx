import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paymentResultQuery, refreshBalance } from '../../api/queries/account';
import { useApi } from '../../session/session-context';

export interface PaymentReturn {
  readonly outcome: 'paid' | 'failed';
  readonly reference: string;
}

const boxClass = {
  ok: 'border-emerald-600/30 bg-emerald-50 text-emerald-900',
  waiting: 'border-black/10 bg-panel text-ink',
  failed: 'border-brand/30 bg-brand/5 text-brand-dark',
} as const;

/**
 * The message after the payment provider sent the browser back (?paid=<reference> / ?failed=<reference>). The
 * payment's own standing (Payment/Result) decides the words; the balance is refreshed once it is settled.
 */
export function PaymentReturnNotice({ outcome, reference }: PaymentReturn) {
  const api = useApi();
  const queryClient = useQueryClient();
  const result = useQuery(paymentResultQuery(api, reference));
  const status = result.data?.status ?? (result.error ? (outcome === 'paid' ? 'Completed' : 'Failed') : 'Pending');

  useEffect(() => {
    if (status !== 'Pending') void refreshBalance(queryClient);
  }, [status, queryClient]);

  if (status === 'Pending') {
    return (
      <div role="status" className={`rounded-lg border p-4 text-sm ${boxClass.waiting}`}>
        Confirming your payment (reference <span className="font-mono">{reference}</span>)…
      </div>
    );
  }
  if (status === 'Completed') {
    const invoices = result.data?.invoiceNumbers ?? [];
    return (
      <div role="status" className={`space-y-1 rounded-lg border p-4 text-sm ${boxClass.ok}`}>
        <p className="text-base font-bold">Payment received. Thank you!</p>
        <p>
          {result.data ? `${result.data.amount} paid` : 'Paid'}
          {invoices.length ? ` for ${invoices.join(', ')}` : ''} · reference{' '}
          <span className="font-mono">{reference}</span>. Your balance below is up to date.
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className={`space-y-1 rounded-lg border p-4 text-sm ${boxClass.failed}`}>
      <p className="text-base font-bold">The payment did not go through.</p>
      <p>
        {result.data?.message ? `${result.data.message}. ` : ''}Nothing was charged (reference{' '}
        <span className="font-mono">{reference}</span>). You can choose the invoices and try again.
      </p>
    </div>
  );
}
