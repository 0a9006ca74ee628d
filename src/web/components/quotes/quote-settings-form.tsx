import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { type QuoteSettings, type QuoteSettingsRequest, quoteServiceKinds } from '../../../contract/quotes';
import { errorMessageWithReasons } from '../../api/api-error';
import { quoteKeys, quoteSettingsQuery } from '../../api/queries/quotes';
import { useApi } from '../../session/session-context';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';

const inputClass = 'block w-full rounded border border-black/20 px-2 py-1.5 text-sm';

/** Dollars as typed ('25', '25.50') to cents; NaN when it is not an amount, which the server then refuses. */
const centsOf = (dollars: string) => (dollars.trim() === '' ? 0 : Math.round(Number(dollars) * 100));
const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

function SettingsForm({ settings }: { settings: QuoteSettings }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: QuoteSettingsRequest) => api.call('quoteSettingsSave', { body }),
    onSuccess: (saved) => queryClient.setQueryData(quoteKeys.settings, saved),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    const markup = field('markupPercent').trim();
    save.mutate({
      tradingName: field('tradingName'),
      abn: field('abn'),
      markupBasisPoints: markup === '' ? null : Math.round(Number(markup) * 100),
      servicePrices: {
        Fitting: centsOf(field('Fitting')),
        Balancing: centsOf(field('Balancing')),
        Disposal: centsOf(field('Disposal')),
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label="Quote settings" className="grid gap-3 sm:grid-cols-2">
      <label className="text-sm font-semibold">
        Trading name on quotes
        <input name="tradingName" required defaultValue={settings.tradingName} className={inputClass} />
      </label>
      <label className="text-sm font-semibold">
        ABN
        <input name="abn" required defaultValue={settings.abn} inputMode="numeric" className={inputClass} />
      </label>
      <label className="text-sm font-semibold">
        Markup on your price, % (empty: quote at RRP)
        <input
          name="markupPercent"
          inputMode="decimal"
          defaultValue={settings.markupBasisPoints === null ? '' : String(settings.markupBasisPoints / 100)}
          className={inputClass}
        />
      </label>
      {quoteServiceKinds.map((kind) => (
        <label key={kind} className="text-sm font-semibold">
          {kind}, $ excl. GST each
          <input
            name={kind}
            inputMode="decimal"
            defaultValue={dollarsOf(settings.servicePrices[kind])}
            className={inputClass}
          />
        </label>
      ))}
      <div className="flex items-center gap-3 sm:col-span-2">
        <button
          type="submit"
          className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white"
          disabled={save.isPending}
        >
          Save quote settings
        </button>
        {save.isSuccess ? <p role="status">Saved.</p> : null}
        {save.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageWithReasons(save.error)}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** The owner's quoting settings: the name and ABN quotes carry, the markup and the service prices. */
export function QuoteSettingsSection() {
  const api = useApi();
  const settings = useQuery(quoteSettingsQuery(api));
  return (
    <section aria-labelledby="quote-settings" className="space-y-3 rounded-lg border border-black/10 p-4">
      <h2 id="quote-settings" className="font-bold">
        Quote settings
      </h2>
      {settings.isPending ? (
        <Spinner label="Loading the quote settings…" />
      ) : settings.isError ? (
        <LoadError error={settings.error} what="The quote settings" />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </section>
  );
}
