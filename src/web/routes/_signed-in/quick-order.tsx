import { Link, createFileRoute } from '@tanstack/react-router';
import { NotForYourRole } from '../../components/layout/not-for-your-role';
import { useShellRole } from '../../components/layout/use-shell-role';
import { useUserMay } from '../../session/user-may';
import { QuickOrderPad } from '../../components/quick-order/quick-order-pad';
import { useQuickOrderActor } from '../../components/quick-order/use-quick-order';

export const Route = createFileRoute('/_signed-in/quick-order')({
  staticData: { title: 'Quick order' },
  component: QuickOrderPage,
});

function QuickOrderPage() {
  const staff = useShellRole() === 'staff';
  const may = useUserMay();
  if (!staff && !may.buy) return <NotForYourRole what="Ordering" />;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <p className="text-sm text-black/70">
          Type a SKU, a tyre size (<kbd>2656517</kbd> or <kbd>265/65R17 112H</kbd>) or a wheel code, Tab, the quantity,
          and Enter for the next row. Paste rows straight from a spreadsheet, or import a CSV file. Rows that match more
          than one product offer the cheapest matches to choose from; prefer browsing?{' '}
          <Link to="/tyres" className="font-semibold text-brand hover:underline">
            Search tyres
          </Link>
          .
        </p>
      </div>
      {staff ? (
        <p role="alert">The quick order pad is for customers: act as a customer to order for them.</p>
      ) : (
        <CustomerPad />
      )}
    </div>
  );
}

function CustomerPad() {
  return <QuickOrderPad actor={useQuickOrderActor()} />;
}
