export const PAYMENT_REFUSED_MESSAGE =
  'Payments are not made online for this account. Please contact your YHI representative about payments.';

/** /my-account/payment for a restricted sales retailer (SPEC.md §6: no Payment tab or route; the server answers 403). */
export function PaymentRefused() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p role="note" className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
        {PAYMENT_REFUSED_MESSAGE}
      </p>
    </div>
  );
}
