import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../components/layout/not-available-yet';

export const Route = createFileRoute('/_signed-in/my-account/')({
  staticData: { title: 'Account details', crumb: 'Details' },
  component: () => <NotAvailableYet what="Viewing and updating your account details" />,
});
