import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/session-context';

const tabClass =
  'border-b-2 border-transparent px-4 py-3 text-sm font-semibold text-black/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand data-[status=active]:border-brand data-[status=active]:text-ink';
const current = { 'aria-current': 'page' } as const;

/** The my-account tab bar: Details, Payment (not for restricted sales retailers), Orders, Invoices, Returns and claims, and Quotes. */
export function AccountTabs() {
  const restricted = useCurrentUser()?.isRestrictedSalesRetailer ?? false;
  return (
    <nav aria-label="My account" className="border-b border-black/10">
      <div className="mx-auto flex max-w-7xl gap-2 overflow-x-auto px-4 sm:px-6">
        <Link to="/my-account" activeOptions={{ exact: true }} className={tabClass} activeProps={current}>
          Details
        </Link>
        {restricted ? null : (
          <Link to="/my-account/payment" className={tabClass} activeProps={current}>
            Payment
          </Link>
        )}
        <Link to="/my-account/orders" className={tabClass} activeProps={current}>
          Orders
        </Link>
        <Link to="/my-account/invoices" className={tabClass} activeProps={current}>
          Invoices
        </Link>
        <Link to="/my-account/requests" className={tabClass} activeProps={current}>
          Returns and claims
        </Link>
        <Link to="/my-account/quotes" className={tabClass} activeProps={current}>
          Quotes
        </Link>
      </div>
    </nav>
  );
}
