import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../../components/checkout/checkout-page';

export const Route = createFileRoute('/_signed-in/checkout/')({
  staticData: { title: 'Checkout' },
  component: CheckoutPage,
});
