import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { type QuoteRequest, type QuoteServiceKind, quoteServiceKinds } from '../../../contract/quotes';
import { errorMessageWithReasons } from '../../api/api-error';
import { quoteKeys } from '../../api/queries/quotes';
import { useApi } from '../../session/session-context';
import { clearQuoteDraft, removeFromQuoteDraft, setDraftQuantity, useQuoteDraft } from './quote-draft';

const inputClass = 'w-full rounded border border-black/20 px-2 py-1.5 text-sm';
const buttonClass =
  'rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60';

/** A fortnight from today, as the date field takes it: how long a quote holds unless the counter says otherwise. */
function inTwoWeeks(): string {
  const date = new Date(Date.now() + 14 * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The quote being built: the picked products (quantities editable), the shop's services, the customer and the
 * validity date; Save asks the server to price and keep it, then opens it.
 */
export function QuoteBuilder() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const draft = useQuoteDraft();
  const [services, setServices] = useState<Partial<Record<QuoteServiceKind, number>>>({});
  const save = useMutation({
    mutationFn: (body: QuoteRequest) => api.call('quoteCreate', { body }),
    onSuccess: async (quote) => {
      clearQuoteDraft();
      await queryClient.invalidateQueries({ queryKey: quoteKeys.all });
      await navigate({ to: '/my-account/quotes/$quoteId', params: { quoteId: String(quote.id) } });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    save.mutate({
      customerName: field('customerName'),
      vehicle: field('vehicle'),
      validUntil: field('validUntil'),
      notes: field('notes'),
      lines: draft.map((line) => ({ productId: line.productId, quantity: line.quantity })),
      services: Object.entries(services).map(([kind, quantity]) => ({ kind: kind as QuoteServiceKind, quantity })),
    });
  };
  return (
    <form onSubmit={submit} aria-label="New quote" className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold">New quote</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="text-sm font-semibold">
          Customer’s name
          <input name="customerName" required maxLength={100} className={inputClass} />
        </label>
        <label className="text-sm font-semibold">
          Vehicle
          <input name="vehicle" maxLength={100} className={inputClass} />
        </label>
        <label className="text-sm font-semibold">
          Valid until
          <input name="validUntil" type="date" required defaultValue={inTwoWeeks()} className={inputClass} />
        </label>
        <label className="text-sm font-semibold sm:col-span-2">
          Notes
          <textarea name="notes" maxLength={1000} rows={2} className={inputClass} />
        </label>
      </div>
      <section aria-label="Products" className="space-y-2">
        <h2 className="font-bold">Products</h2>
        {draft.length === 0 ? (
          <p className="text-sm">Add products from the catalogue (Add to quote) or from the cart (Quote this cart).</p>
        ) : (
          <ul className="divide-y divide-black/5">
            {draft.map((line) => (
              <li key={line.productId} className="flex items-center gap-3 py-2 text-sm">
                <span className="flex-1">{line.name}</span>
                <label>
                  <span className="sr-only">Quantity of {line.name}</span>
                  <input
                    type="number"
                    min={1}
                    max={99}
                    value={line.quantity}
                    onChange={(event) => setDraftQuantity(line.productId, Math.max(1, Number(event.target.value) || 1))}
                    className="w-16 rounded border border-black/20 px-2 py-1"
                  />
                </label>
                <button
                  type="button"
                  className="font-semibold text-brand hover:underline"
                  onClick={() => removeFromQuoteDraft(line.productId)}
                >
                  Remove <span className="sr-only">{line.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <fieldset className="space-y-2">
        <legend className="font-bold">Services, at the shop’s prices</legend>
        {quoteServiceKinds.map((kind) => (
          <label key={kind} className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              checked={services[kind] !== undefined}
              onChange={(event) =>
                setServices((current) => {
                  const { [kind]: _dropped, ...rest } = current;
                  return event.target.checked
                    ? {
                        ...rest,
                        [kind]: Math.max(
                          1,
                          draft.reduce((sum, line) => sum + line.quantity, 0),
                        ),
                      }
                    : rest;
                })
              }
            />
            {kind}
            {services[kind] !== undefined ? ` × ${services[kind]}` : ''}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-black/70">Prices are set by the server when you save: RRP, or your shop’s markup.</p>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessageWithReasons(save.error)}
        </p>
      ) : null}
      <button type="submit" className={buttonClass} disabled={save.isPending}>
        Save quote
      </button>
    </form>
  );
}
