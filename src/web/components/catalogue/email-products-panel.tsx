import { useMutation } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error';
import { useApi } from '../../session/session-context';
import { CloseIcon } from '../layout/icons';
import { useCounterPriceMode } from './counter-price-mode';
import { clearEmailProducts, removeEntry, setEntryQuantity, useEmailProducts } from './email-products';
import { pickerFieldClass, pickerLabelClass } from './vehicle-selects';

/** The bar that appears once products are picked for a quote, and the dialog that mails them (Form/SelectAndEmail). */
export function EmailProductsPanel() {
  const entries = useEmailProducts();
  const [open, setOpen] = useState(false);
  if (entries.length === 0 && !open) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <div
        role="region"
        aria-label="Products to email"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-black/15 bg-ink text-white shadow-lg"
      >
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm sm:px-6">
          <p className="mr-auto font-semibold">
            {entries.length} product{entries.length === 1 ? '' : 's'} picked to email
          </p>
          <button
            type="button"
            onClick={clearEmailProducts}
            className="rounded px-3 py-1 text-white/80 hover:bg-white/10"
          >
            Clear
          </button>
          <Dialog.Trigger className="rounded bg-brand px-3 py-1 font-bold hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-white">
            Email quote…
          </Dialog.Trigger>
        </div>
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(40rem,95vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl">
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Email these products</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded p-1 hover:bg-panel">
              <CloseIcon className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-3 text-sm text-black/65">
            Sends a formatted quote with the prices as this screen shows them (excl. GST) and current stock.
          </Dialog.Description>
          <EmailProductsForm onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EmailProductsForm({ onDone }: { onDone: () => void }) {
  const api = useApi();
  const entries = useEmailProducts();
  const priceMode = useCounterPriceMode();
  const ids = { to: useId(), name: useId(), note: useId() };
  const [to, setTo] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.call('formSelectAndEmail', {
        body: {
          to,
          ...(recipientName.trim() ? { recipientName } : {}),
          ...(note.trim() ? { note } : {}),
          priceMode,
          products: entries.map((entry) => ({
            id: entry.id,
            front: entry.front.id,
            rear: entry.rear?.id ?? null,
            equipmentId: entry.equipmentId,
            quantity: entry.quantity,
          })),
        },
      }),
    onSuccess: () => clearEmailProducts(),
  });
  const fieldError = (name: string) =>
    send.error instanceof ApiError
      ? send.error.validationErrors.find((error) => error.name === name)?.reason
      : undefined;
  if (send.data) {
    return (
      <div role="status" className="space-y-3">
        <p className="font-semibold text-emerald-800">{send.data.message}</p>
        <button
          type="button"
          onClick={onDone}
          className="rounded border border-black/15 px-3 py-1.5 text-sm font-semibold hover:border-brand"
        >
          Done
        </button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  const toError = fieldError('to');
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <ol aria-label="Picked products" className="divide-y divide-black/10 rounded border border-black/10">
        {entries.map((entry, index) => (
          <li key={entry.id} className="flex items-center gap-3 p-2 text-sm">
            <span className="w-5 text-black/60">{index + 1}.</span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{entry.rear ? `Front: ${entry.front.name}` : entry.front.name}</p>
              {entry.rear ? <p className="truncate font-semibold">Rear: {entry.rear.name}</p> : null}
            </div>
            <label className="flex items-center gap-1 text-xs">
              Qty
              <input
                type="number"
                min={1}
                max={99}
                value={entry.quantity}
                onChange={(event) => {
                  const quantity = Math.trunc(Number(event.target.value));
                  if (quantity >= 1 && quantity <= 99) setEntryQuantity(entry.id, quantity);
                }}
                className="w-14 rounded border border-black/20 px-1 py-0.5"
              />
            </label>
            <button
              type="button"
              onClick={() => removeEntry(entry.id)}
              aria-label={`Remove ${entry.front.name}`}
              className="rounded p-1 hover:bg-panel"
            >
              <CloseIcon className="h-4 w-4" />
            </button>
          </li>
        ))}
      </ol>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={ids.to} className={pickerLabelClass}>
            Send to (email)
          </label>
          <input
            id={ids.to}
            type="email"
            required
            value={to}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={toError ? true : undefined}
            aria-describedby={toError ? `${ids.to}-error` : undefined}
            className={pickerFieldClass}
          />
          {toError ? (
            <p id={`${ids.to}-error`} className="text-xs text-brand-dark">
              {toError}
            </p>
          ) : null}
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.name} className={pickerLabelClass}>
            Their name (optional)
          </label>
          <input
            id={ids.name}
            value={recipientName}
            onChange={(event) => setRecipientName(event.target.value)}
            className={pickerFieldClass}
          />
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.note} className={pickerLabelClass}>
          Note (optional)
        </label>
        <textarea
          id={ids.note}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className={pickerFieldClass}
        />
      </div>
      <p className="text-xs text-black/60">
        Prices shown as: {priceMode === 'Account' ? 'your account setting' : priceMode}. Change it with the Price switch
        in the header.
      </p>
      {send.error && !toError ? (
        <p role="alert" className="text-sm text-brand-dark">
          {errorMessage(send.error)}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={send.isPending || entries.length === 0}
        className="rounded bg-brand px-4 py-2 text-sm font-bold text-white hover:bg-brand-dark disabled:opacity-50"
      >
        {send.isPending ? 'Sending…' : 'Send quote'}
      </button>
    </form>
  );
}
