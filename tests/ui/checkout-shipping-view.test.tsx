import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ShippingMethod, ShippingSystemName } from '../../src/contract/checkout';
import { shippingMachine, visibleMethods } from '../../machines/shipping';
import { ShippingChoices } from '../../src/web/components/checkout/delivery-section';
import { offeredMethods, shippingModelOptions } from '../model/spec/shipping';
import { createMachineModel } from '../model/support/model-harness';

const offered = offeredMethods;
const names: Record<ShippingSystemName, string> = {
  'Shipping.Standard': 'Standard',
  'Shipping.FreeBulk': 'Free Bulk Delivery',
  'Shipping.RegionalFreeBulk': 'Regional Free Bulk Delivery',
  'Shipping.Pickup': 'Pickup in Store',
};

// The same model as tests/model/shipping.test.ts (SPEC.md assertions included), driven through the real view: clicks on the options.
const model = createMachineModel(shippingMachine, shippingModelOptions);

describe('the shipping choices along the model paths', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        start: ({ input, inspect, actors }) => {
          const actor = createActor(shippingMachine.provide({ actors }), { input, inspect }).start();
          render(<ShippingChoices actor={actor} />);
          return actor;
        },
        events: {
          // A hidden option (Standard while bulk is on) cannot be clicked; the model's refused event then goes to the actor.
          'shipping.choose': (event, actor) => {
            const name = names[(event as unknown as { systemName: ShippingSystemName }).systemName];
            const option =
              screen.queryByRole('checkbox', { name: new RegExp(`^${name}`) }) ??
              screen.queryByRole('radio', { name: new RegExp(`^${name}`) });
            if (option && !(option as HTMLInputElement).disabled) act(() => fireEvent.click(option));
            else actor.send(event);
          },
        },
        check: (step) => {
          const context = step.state.context as {
            methods: readonly ShippingMethod[];
            selected: ShippingSystemName | null;
          };
          const group = screen.getByRole('group', { name: 'Shipping method' });
          const shown = visibleMethods(context);
          const options =
            within(group).queryAllByRole('radio').length + within(group).queryAllByRole('checkbox').length;
          expect(options).toBe(shown.length);
          for (const entry of shown) {
            const role =
              entry.shippingRateComputationMethodSystemName === 'Shipping.FreeBulk' ||
              entry.shippingRateComputationMethodSystemName === 'Shipping.RegionalFreeBulk'
                ? 'checkbox'
                : 'radio';
            const input = within(group).getByRole(role, {
              name: new RegExp(`^${names[entry.shippingRateComputationMethodSystemName]}`),
            });
            if (entry.shippingRateComputationMethodSystemName === context.selected) expect(input).toBeChecked();
            else expect(input).not.toBeChecked();
            expect(input).toHaveProperty('disabled', step.state.matches('saving'));
          }
          const standardHidden =
            context.selected === 'Shipping.FreeBulk' || context.selected === 'Shipping.RegionalFreeBulk';
          expect(within(group).queryByRole('radio', { name: /^Standard/ }) === null).toBe(
            standardHidden && context.methods.some((entry) => entry.name === 'Standard'),
          );
          if (shown.some((entry) => entry.amountSaved === 3_000)) expect(group).toHaveTextContent('You save $30.00');
        },
      });
    });
  }

  it('lists free bulk first, then by displayOrder, with the bulk deliveries', () => {
    const actor = createActor(shippingMachine, { input: { methods: [...offered].reverse() } }).start();
    render(<ShippingChoices actor={actor} />);
    const labels = [...screen.getByRole('group', { name: 'Shipping method' }).querySelectorAll('label')].map(
      (label) => label.textContent,
    );
    expect(labels).toEqual([
      'Free Bulk Delivery$20.00',
      'Standard$50.00',
      'Regional Free Bulk Delivery$0.00',
      'Pickup in Store$0.00',
    ]);
    expect(screen.getByRole('list', { name: 'Free Bulk Delivery deliveries' })).toHaveTextContent(
      '20 from SUPPLIER STOCK, delivered in 7 business days',
    );
    expect(screen.getByText('You save $50.00')).toBeInTheDocument();
    actor.stop();
  });
});
