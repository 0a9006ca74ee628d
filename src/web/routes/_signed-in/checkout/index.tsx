import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../../components/checkout/checkout-page';
import { OfferedTo } from '../../../components/layout/not-for-your-role';

export const Route = createFileRoute('/_signed-in/checkout/')({
  staticData: { title: 'Checkout' },
  component: () => (
    <OfferedTo may="buy" what="Checkout">
      <CheckoutPage />
    </OfferedTo>
  ),
});
