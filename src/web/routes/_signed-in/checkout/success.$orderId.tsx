import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/layout/not-available-yet';

export const Route = createFileRoute('/_signed-in/checkout/success/$orderId')({
  staticData: { title: 'Order placed' },
  component: () => <NotAvailableYet what="The order confirmation page" />,
});
