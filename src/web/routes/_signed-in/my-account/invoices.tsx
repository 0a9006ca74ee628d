import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/layout/not-available-yet';

export const Route = createFileRoute('/_signed-in/my-account/invoices')({
  staticData: { title: 'Invoices' },
  component: () => <NotAvailableYet what="Your invoice history" />,
});
