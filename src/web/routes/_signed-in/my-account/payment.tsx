import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/layout/not-available-yet';
import { useCurrentUser } from '../../../session/session-context';

export const Route = createFileRoute('/_signed-in/my-account/payment')({
  staticData: { title: 'Payment' },
  component: PaymentPage,
});

function PaymentPage() {
  const restricted = useCurrentUser()?.isRestrictedSalesRetailer ?? false;
  if (restricted) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <p role="note" className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
          Payments are not made online for this account. Please contact your YHI representative about payments.
        </p>
      </div>
    );
  }
  return <NotAvailableYet what="Paying your account online" />;
}
