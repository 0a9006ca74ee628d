import type { PayPalResult } from '../../../contract/checkout';
import { useApi } from '../../session/session-context';
import { PayPalButtons } from '../payment/paypal-buttons';

/**
 * PayPal at checkout: the buttons create the PayPal order on the server (Checkout/PayPalOrder); once the buyer
 * approves it, the order is placed with Checkout/Complete, which captures it. A provider error goes to the banner.
 */
export function CheckoutPayPal({
  disabled,
  onApproved,
  onProviderError,
}: {
  disabled: boolean;
  onApproved: (payPal: PayPalResult) => void;
  onProviderError: (message: string) => void;
}) {
  const api = useApi();
  return (
    <PayPalButtons
      disabled={disabled}
      createOrder={() => api.call('checkoutPayPalOrder')}
      onApprove={onApproved}
      onError={onProviderError}
    />
  );
}
