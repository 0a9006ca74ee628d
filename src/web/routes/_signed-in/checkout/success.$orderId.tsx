import { createFileRoute } from '@tanstack/react-router';
import { OrderConfirmation } from '../../../components/checkout/order-confirmation';

export const Route = createFileRoute('/_signed-in/checkout/success/$orderId')({
  staticData: { title: 'Order placed' },
  component: OrderPlacedPage,
});

function OrderPlacedPage() {
  const { orderId } = Route.useParams();
  const id = Number(orderId);
  if (!Number.isSafeInteger(id) || id < 1) {
    return (
      <p role="alert" className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        That is not an order number.
      </p>
    );
  }
  return <OrderConfirmation orderId={id} />;
}
