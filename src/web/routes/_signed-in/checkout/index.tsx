import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../../components/checkout/checkout-page';
import { NotForYourRole } from '../../../components/layout/not-for-your-role';
import { useUserMay } from '../../../session/user-may';

export const Route = createFileRoute('/_signed-in/checkout/')({
  staticData: { title: 'Checkout' },
  component: Checkout,
});

function Checkout() {
  return useUserMay().buy ? <CheckoutPage /> : <NotForYourRole what="Checkout" />;
}
