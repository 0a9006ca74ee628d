import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CreditSummary } from '../../../components/account/credit-summary';
import { OutstandingInvoices } from '../../../components/account/outstanding-invoices';
import { PaymentRefused } from '../../../components/account/payment-refused';
import { type PaymentReturn, PaymentReturnNotice } from '../../../components/account/payment-return-notice';
import { useCurrentUser } from '../../../session/session-context';
import { useUserMay } from '../../../session/user-may';
import { NotForYourRole } from '../../../components/layout/not-for-your-role';

const reference = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/)
  .optional()
  .catch(undefined);
/** The payment provider returns the browser here with ?paid=<reference> or ?failed=<reference>. */
const searchSchema = z.object({ paid: reference, failed: reference });

export const Route = createFileRoute('/_signed-in/my-account/payment')({
  validateSearch: searchSchema,
  staticData: { title: 'Payment' },
  component: PaymentPage,
});

function paymentReturn(search: z.infer<typeof searchSchema>): PaymentReturn | null {
  if (search.paid) return { outcome: 'paid', reference: search.paid };
  if (search.failed) return { outcome: 'failed', reference: search.failed };
  return null;
}

function PaymentPage() {
  const restricted = useCurrentUser()?.isRestrictedSalesRetailer ?? false;
  const mayPay = useUserMay().payInvoices;
  const returned = paymentReturn(Route.useSearch());
  if (restricted) return <PaymentRefused />;
  if (!mayPay) return <NotForYourRole what="Paying invoices" />;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      {returned ? <PaymentReturnNotice key={returned.reference} {...returned} /> : null}
      <CreditSummary />
      <OutstandingInvoices />
    </div>
  );
}
