import { Link } from '@tanstack/react-router';
import { useUserMay } from '../../session/user-may';

const tabClass =
  'border-b-2 border-transparent px-4 py-3 text-sm font-semibold text-black/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand data-[status=active]:border-brand data-[status=active]:text-ink';
const current = { 'aria-current': 'page' } as const;

/**
 * The my-account tab bar: Details, then the tabs the user's role opens (useUserMay): Payment, Orders, Invoices, Returns
 * and claims, Users; and Quotes and Profile for everyone.
 */
export function AccountTabs() {
  const may = useUserMay();
  return (
    <nav aria-label="My account" className="border-b border-black/10">
      <div className="mx-auto flex max-w-7xl gap-2 overflow-x-auto px-4 sm:px-6">
        <Link to="/my-account" activeOptions={{ exact: true }} className={tabClass} activeProps={current}>
          Details
        </Link>
        {may.payInvoices ? (
          <Link to="/my-account/payment" className={tabClass} activeProps={current}>
            Payment
          </Link>
        ) : null}
        {may.seeOrders ? (
          <Link to="/my-account/orders" className={tabClass} activeProps={current}>
            Orders
          </Link>
        ) : null}
        {may.seeInvoices ? (
          <Link to="/my-account/invoices" className={tabClass} activeProps={current}>
            Invoices
          </Link>
        ) : null}
        {may.seeRequests ? (
          <Link to="/my-account/requests" className={tabClass} activeProps={current}>
            Returns and claims
          </Link>
        ) : null}
        <Link to="/my-account/quotes" className={tabClass} activeProps={current}>
          Quotes
        </Link>
        {may.manageUsers ? (
          <Link to="/my-account/users" className={tabClass} activeProps={current}>
            Users
          </Link>
        ) : null}
        <Link to="/my-account/profile" className={tabClass} activeProps={current}>
          Profile
        </Link>
      </div>
    </nav>
  );
}
