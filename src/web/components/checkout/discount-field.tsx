import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { useStoreCheckoutData } from '../../api/queries/checkout';
import { useApi } from '../../session/session-context';

/** SPEC.md §3: the code is read from the Code="…" fragment of discountCode and shown in upper case. */
export function appliedDiscountCode(discountCode: string | null): string | null {
  const code = discountCode ? /Code="([^"]*)"/i.exec(discountCode)?.[1] : undefined;
  return code ? code.toUpperCase() : null;
}

/** SPEC.md §8: the reasons joined with ', ', or 'An error occurred'. */
export function discountFailureText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === null) return 'An error occurred';
  const reasons =
    error.validationErrors.length > 0 ? error.validationErrors.map((entry) => entry.reason) : [error.message];
  const text = reasons.filter(Boolean).join(', ');
  return text || 'An error occurred';
}

/**
 * The discount field (SPEC.md §5, §8): Apply is disabled while the code is empty or a request is in progress, Enter
 * applies, a refusal shows its reasons under the field; an applied code shows in upper case with Remove.
 */
export function DiscountField({ discountCode }: { discountCode: string | null }) {
  const api = useApi();
  const store = useStoreCheckoutData();
  const id = useId();
  const [code, setCode] = useState('');
  const apply = useMutation({
    mutationFn: async (value: string) => store(await api.call('checkoutDiscount', { body: { code: value } })),
    onSuccess: () => setCode(''),
  });
  const remove = useMutation({
    mutationFn: async (value: string) => store(await api.call('checkoutRemoveDiscount', { body: { code: value } })),
  });
  const busy = apply.isPending || remove.isPending;
  const canApply = code.trim() !== '' && !busy;
  const applied = appliedDiscountCode(discountCode);
  const submit = () => {
    if (canApply) apply.mutate(code.trim());
  };
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-bold">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={code}
          maxLength={50}
          autoComplete="off"
          aria-invalid={apply.isError ? true : undefined}
          aria-describedby={apply.isError ? `${id}-error` : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            if (apply.isError) apply.reset();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }}
          className="min-w-0 flex-1 rounded border border-black/20 px-3 py-2 text-sm uppercase focus-visible:outline-2 focus-visible:outline-brand"
        />
        <button
          type="button"
          disabled={!canApply}
          onClick={submit}
          className="rounded bg-ink px-4 py-2 text-sm font-bold text-white disabled:opacity-50"
        >
          Apply
        </button>
      </div>
      {apply.isError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-brand">
          {discountFailureText(apply.error)}
        </p>
      ) : null}
      {applied ? (
        <p className="flex items-center gap-2 text-sm">
          <span>
            Code applied: <strong>{applied}</strong>
          </span>
          <button
            type="button"
            disabled={busy}
            onClick={() => remove.mutate(applied)}
            aria-label={`Remove discount code ${applied}`}
            className="text-xs text-brand underline disabled:opacity-50"
          >
            Remove
          </button>
        </p>
      ) : null}
      {remove.isError ? (
        <p role="alert" className="text-sm text-brand">
          {discountFailureText(remove.error)}
        </p>
      ) : null}
    </div>
  );
}
