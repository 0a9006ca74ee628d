import { useSelector } from '@xstate/react';
import { RedirectForm } from '../payment/redirect-form';
import { BusyOverlay } from './busy-overlay';
import { ErrorBanner } from './error-banner';
import type { CheckoutResultActor } from './use-checkout-result';

/** What placing the order shows (machines/checkout-result): the banner, the busy overlay after 1 s, the provider form. */
export function CheckoutResultView({ actor }: { actor: CheckoutResultActor }) {
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const busy = useSelector(
    actor,
    (snapshot) => snapshot.matches({ submitting: 'busy' }) || snapshot.matches('redirecting'),
  );
  const redirect = useSelector(actor, (snapshot) =>
    snapshot.matches('redirecting') ? snapshot.context.redirect : null,
  );
  return (
    <>
      <ErrorBanner message={error} />
      {redirect ? <RedirectForm redirect={redirect} /> : null}
      {busy ? <BusyOverlay label={redirect ? 'Opening the payment page…' : 'Placing your order…'} /> : null}
    </>
  );
}
