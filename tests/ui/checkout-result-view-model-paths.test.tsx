import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { checkoutResultMachine } from '../../machines/checkout-result';
import { CheckoutResultView } from '../../src/web/components/checkout/checkout-result-view';
import { checkoutResultModelOptions, providerRedirect as redirect } from '../model/spec/checkout-result';
import { createMachineModel } from '../model/support/model-harness';

// The same model as tests/model/checkout-result.test.ts (SPEC.md assertions included), through the view that shows its outcome.
const model = createMachineModel(checkoutResultMachine, checkoutResultModelOptions);

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
            const fields = [...(form?.querySelectorAll('input[type="hidden"]') ?? [])].map((input) => [
              input.getAttribute('name'),
              input.getAttribute('value'),
            ]);
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
