import {
  PayPalButtons as PayPalSdkButtons,
  PayPalScriptProvider,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js';
import { useMemo, useRef } from 'react';
import type { PayPalResult } from '../../../contract/checkout';
import type { PayPalButtonsProps } from './paypal-buttons';

/** SPEC.md §7: the buttons' look. */
export const PAYPAL_BUTTON_STYLE = {
  layout: 'horizontal',
  color: 'blue',
  shape: 'rect',
  height: 55,
  tagline: false,
} as const;

/** SPEC.md §7: how the SDK script is loaded. */
export function payPalScriptOptions(clientId: string): ReactPayPalScriptOptions {
  return { clientId, currency: 'AUD', intent: 'capture', commit: true, vault: false };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message;
  return 'PayPal could not complete the payment.';
}

/** The part that imports PayPal's SDK wrapper; loaded lazily by PayPalButtons. */
export default function PayPalButtonsPanel({
  clientId,
  disabled,
  createOrder,
  onApprove,
  onError,
}: PayPalButtonsProps & { clientId: string }) {
  const options = useMemo(() => payPalScriptOptions(clientId), [clientId]);
  // The order createOrder made, handed back on approval with PayPal's id for it.
  const created = useRef<PayPalResult | null>(null);

  return (
    <PayPalScriptProvider options={options}>
      <PayPalSdkButtons
        style={PAYPAL_BUTTON_STYLE}
        disabled={disabled}
        createOrder={async () => {
          const result = await createOrder();
          created.current = result;
          return result.paypalOrderId;
        }}
        onApprove={async (data) => {
          const result = created.current;
          if (!result) throw new Error('PayPal approved an order this page did not create.');
          await onApprove({ ...result, paypalOrderId: data.orderID });
        }}
        onError={(error) => onError(messageOf(error))}
      />
    </PayPalScriptProvider>
  );
}
