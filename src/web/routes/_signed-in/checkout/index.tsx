import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/layout/not-available-yet';

export const Route = createFileRoute('/_signed-in/checkout/')({
  staticData: { title: 'Checkout' },
  component: () => <NotAvailableYet what="Checking out online" />,
});
