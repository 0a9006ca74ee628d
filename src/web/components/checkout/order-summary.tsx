import type { OrderPresentation } from '../../../contract/order-presentation';
import { CheckoutSection } from './checkout-section';
import { PresentedTotals, usePresentationMode } from './order-presentation-view';

/** The checkout's figures as the server presented them (docs/checkout.md), in the screen's price mode. */
export function OrderSummary({ presentation }: { presentation: OrderPresentation }) {
  const mode = usePresentationMode(presentation);
  return (
    <CheckoutSection title="Order summary">
      <PresentedTotals presentation={presentation} mode={mode} />
    </CheckoutSection>
  );
}
