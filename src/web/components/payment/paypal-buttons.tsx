import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import type { PayPalResult } from '../../../contract/checkout';
import { paypalSettingsQuery } from '../../api/queries/payment';
import { useApi } from '../../session/session-context';

// PayPal's SDK wrapper is loaded only by the pages that show the buttons, so no other page pays for it.
const PayPalButtonsPanel = lazy(() => import('./paypal-buttons-panel'));

export interface PayPalButtonsProps {
  /** Greys the buttons out (form invalid, order being placed, credit limit reached). */
  readonly disabled: boolean;
  /** Creates the PayPal order on the server (e.g. Checkout/PayPalOrder) and answers its PayPal result. */
  readonly createOrder: () => Promise<PayPalResult>;
  /** The buyer approved the order in PayPal's window: the result createOrder answered, with PayPal's order id. */
  readonly onApprove: (result: PayPalResult) => void | Promise<void>;
  /** createOrder, onApprove or PayPal itself failed; the message is shown as 'Error: {message}'. */
  readonly onError: (message: string) => void;
  /** The PayPal client id; when absent it is read from Payment/PayPalSettings. */
  readonly clientId?: string;
}

/**
 * PayPal's buttons (SPEC.md §7: currency AUD, intent capture, commit true, vault false; horizontal, blue, rect,
 * height 55, no tagline). Nothing shows while PayPal is not configured; a script that fails to load is only logged.
 */
export function PayPalButtons({ clientId, ...props }: PayPalButtonsProps) {
  if (clientId === undefined) return <PayPalButtonsWithConfiguredClient {...props} />;
  return (
    <Suspense
      fallback={
        <p className="text-sm text-zinc-600" role="status">
          Loading PayPal…
        </p>
      }
    >
      <PayPalButtonsPanel clientId={clientId} {...props} />
    </Suspense>
  );
}

function PayPalButtonsWithConfiguredClient(props: Omit<PayPalButtonsProps, 'clientId'>) {
  const api = useApi();
  const settings = useQuery(paypalSettingsQuery(api));
  const clientId = settings.data?.clientId;
  return clientId ? <PayPalButtons clientId={clientId} {...props} /> : null;
}
