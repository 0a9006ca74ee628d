import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { checkoutResultMachine } from '../../machines/checkout-result';
import { CheckoutResultView } from '../../src/web/components/checkout/checkout-result-view';
import { createMachineModel } from '../model/support/model-harness';

const onAccount = { paymentMethod: 'Payments.TradingAccount', stockNumber: 'STK-1', orderNumber: null, deliveryNotes: null } as const;
const redirect = { url: 'http://127.0.0.1:3150/yhi/sandbox-payment', keys: ['orderId', 'amount'], values: ['42', '110.00'] };

// The same machine as tests/model/checkout-result.test.ts, through the view that shows its outcome.
const model = createMachineModel(checkoutResultMachine, {
  events: [
    { type: 'checkout.submit', body: onAccount, freshKey: 'key-1' },
    { type: 'checkout.providerFailed', message: 'INSTRUMENT_DECLINED' },
    { type: 'xstate.done.actor.completeOrder', output: { orderResult: 'Completed', orderId: 41 } },
    { type: 'xstate.done.actor.completeOrder', output: { orderResult: 'Redirect', orderId: 42, ...redirect } },
    { type: 'xstate.done.actor.completeOrder', output: { orderResult: 'Declined' } },
    { type: 'xstate.error.actor.completeOrder', error: { message: 'A communication error has occurred', outcomeUnknown: true } },
    { type: 'xstate.error.actor.completeOrder', error: { message: 'Credit limit reached', outcomeUnknown: false } },
  ],
});

describe('the checkout result view along the model paths', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      // jsdom cannot navigate: the provider form's submit is recorded instead.
      const submitted = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
      await model.run(path, {
        start: ({ inspect, actors }) => {
          const actor = createActor(checkoutResultMachine.provide({ actors }), { inspect }).start();
          render(<CheckoutResultView actor={actor} />);
          return actor;
        },
        check: (step) => {
          const { context } = step.state;
          const banner = screen.queryByRole('alert');
          if (context.error) {
            expect(banner).toHaveTextContent(`Error: ${String(context.error)}`);
            expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact-us');
          } else {
            expect(banner).not.toBeInTheDocument();
          }
          const busy = step.state.matches({ submitting: 'busy' }) || step.state.matches('redirecting');
          expect(screen.queryByRole('status') !== null).toBe(busy);
          const form = document.querySelector('form');
          if (step.state.matches('redirecting')) {
            expect(form).toHaveAttribute('action', redirect.url);
            expect(form).toHaveAttribute('method', expect.stringMatching(/^post$/i));
            const fields = [...(form?.querySelectorAll('input[type="hidden"]') ?? [])].map((input) => [input.getAttribute('name'), input.getAttribute('value')]);
            expect(fields).toEqual([
              ['orderId', '42'],
              ['amount', '110.00'],
            ]);
            expect(submitted).toHaveBeenCalled();
          } else {
            expect(form).toBeNull();
          }
        },
      });
    });
  }
});
