import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../../../components/orders/order-page';

export const Route = createFileRoute('/_signed-in/my-account/orders/$orderId')({
  staticData: { title: 'Order' },
  component: OrderRoute,
});

function OrderRoute() {
  const { orderId } = Route.useParams();
  const id = Number(orderId);
  if (!Number.isSafeInteger(id) || id < 1) {
    return (
      <p role="alert" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        That is not an order number.
      </p>
    );
  }
  return <OrderPage orderId={id} />;
}
