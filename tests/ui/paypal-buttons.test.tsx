import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PayPalResult } from '../../src/contract/checkout';
import { PayPalButtons } from '../../src/web/components/payment/paypal-buttons';

interface SdkButtonsProps {
  style: unknown;
  disabled: boolean;
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onError: (error: Record<string, unknown>) => void;
}

const sdk = vi.hoisted(() => ({ options: [] as unknown[], buttons: [] as SdkButtonsProps[] }));

// PayPal's script comes from paypal.com, which tests cannot reach: stand in for the SDK wrapper and record its props.
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ options, children }: { options: unknown; children: ReactNode }) => {
    sdk.options.push(options);
    return <div data-testid="paypal-script">{children}</div>;
  },
  PayPalButtons: (props: SdkButtonsProps) => {
    sdk.buttons.push(props);
    return (
      <button type="button" disabled={props.disabled}>
        PayPal
      </button>
    );
  },
}));

const RESULT: PayPalResult = { paypalClientId: 'client-1', paypalOrderId: 'ORDER-1', paypalOrderTotal: '123.45' };

describe('the PayPal buttons', () => {
  it('load the SDK lazily with AUD, capture, commit and no vault, styled as SPEC.md §7 says, and pass the order through', async () => {
    const createOrder = vi.fn(async () => RESULT);
    const onApprove = vi.fn();
    const onError = vi.fn();
    const { rerender } = render(
      <PayPalButtons
        clientId="client-1"
        disabled={false}
        createOrder={createOrder}
        onApprove={onApprove}
        onError={onError}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading PayPal…');
    await screen.findByRole('button', { name: 'PayPal' });

    expect(sdk.options.at(-1)).toEqual({
      clientId: 'client-1',
      currency: 'AUD',
      intent: 'capture',
      commit: true,
      vault: false,
    });
    const buttons = sdk.buttons.at(-1) as SdkButtonsProps;
    expect(buttons.style).toEqual({ layout: 'horizontal', color: 'blue', shape: 'rect', height: 55, tagline: false });

    expect(await buttons.createOrder()).toBe('ORDER-1');
    await buttons.onApprove({ orderID: 'ORDER-1' });
    expect(onApprove).toHaveBeenCalledWith(RESULT);
    buttons.onError({ message: 'Instrument declined' });
    expect(onError).toHaveBeenCalledWith('Instrument declined');

    rerender(
      <PayPalButtons clientId="client-1" disabled createOrder={createOrder} onApprove={onApprove} onError={onError} />,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'PayPal' })).toBeDisabled());
  });
});
