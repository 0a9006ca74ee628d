import { useEffect, useRef } from 'react';
import type { RedirectResult } from '../../../contract/checkout';

/**
 * Sends the browser to the payment provider with a Redirect result (SPEC.md §3: url, keys, values): a hidden form
 * with one field per key, POSTed to `url` as soon as it renders. Used by the checkout (card payment) and by
 * /my-account/payment (paying invoices); the caller shows its own "opening the payment page" state meanwhile.
 *
 * Props: `redirect`, the result as the server answered it. A new result object submits again; re-renders with the
 * same one do not (React may run effects twice in development).
 */
export function RedirectForm({ redirect }: { redirect: RedirectResult }) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef<RedirectResult | null>(null);

  useEffect(() => {
    if (!form.current || submitted.current === redirect) return;
    submitted.current = redirect;
    form.current.submit();
  }, [redirect]);

  return (
    <form ref={form} method="post" action={redirect.url} hidden data-testid="payment-redirect-form">
      {redirect.keys.map((key, index) => (
        <input key={key} type="hidden" name={key} value={redirect.values[index] ?? ''} />
      ))}
    </form>
  );
}
