import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CartStock } from '../../src/contract/cart';
import { quantityPillMachine } from '../../machines/quantity-pill';
import { QuantityPill } from '../../src/web/components/cart/quantity-pill';
import { createMachineModel } from '../model/support/model-harness';

const localOne: CartStock = {
  stockQuantity: 1,
  localStockQuantity: 1,
  stockType: 'Local',
  inventories: [
    { warehouseName: 'MELBOURNE', stockQuantity: 1, onOrderQuantity: 0, onOrderExpectedDate: null, isSupplier: false },
  ],
};
const base = { productId: 11, vehicleId: 5, stock: localOne, promotion: null, max: 2 } as const;
const NAME = 'Delta Six';

// The same model as tests/model/quantity-pill.test.ts, driven through the real view: clicks and typing.
const model = createMachineModel(quantityPillMachine, {
  inputs: {
    'not in the cart': { ...base, itemId: null, quantity: 0 },
    'one in the cart, cashback line': { ...base, itemId: 7, quantity: 1, promotion: 'CashBack4' },
  },
  events: [
    { type: 'qty.typed', value: '2' },
    { type: 'qty.typed', value: 'abc' },
    { type: 'qty.typed', value: '-3' },
    { type: 'qty.synced', quantity: 2 },
    { type: 'xstate.done.actor.addToCart', output: { itemId: 7, quantity: 1 } },
    { type: 'xstate.error.actor.addToCart', error: new Error('offline') },
    { type: 'xstate.done.actor.saveQuantity', output: { itemId: 7, quantity: 2 } },
    { type: 'xstate.error.actor.saveQuantity', error: new Error('offline') },
    { type: 'xstate.done.actor.removeLine' },
    { type: 'xstate.error.actor.removeLine', error: new Error('offline') },
  ],
});

describe('the quantity pill view along the model paths', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      // fireEvent dispatches at once: user-event's own timers would run on the fake clock the model advances.
      const click = (name: string) =>
        act(() => {
          fireEvent.click(screen.getByRole('button', { name }));
        });
      await model.run(path, {
        start: ({ input, inspect, actors }) => {
          const actor = createActor(quantityPillMachine.provide({ actors }), { input, inspect }).start();
          render(<QuantityPill actor={actor} name={NAME} stock={localOne} />);
          return actor;
        },
        events: {
          'qty.add': () => click('Add to Cart'),
          'qty.increment': () => click(`Increase quantity of ${NAME}`),
          'qty.decrement': () => click(`Decrease quantity of ${NAME}`),
          // Without a popup there is no close button: the model's no-op event has nothing to click.
          'qty.closePopup': (event, actor) =>
            screen.queryByRole('button', { name: 'Close message' }) ? click('Close message') : actor.send(event),
          'qty.typed': (event) =>
            act(() => {
              fireEvent.change(screen.getByRole('spinbutton', { name: `Quantity of ${NAME}` }), {
                target: { value: (event as unknown as { value: string }).value },
              });
            }),
        },
        check: (step) => {
          const { context } = step.state;
          const inCart = !step.state.matches('notInCart') && !step.state.matches('adding');
          if (!inCart) {
            expect(
              screen.getByRole('button', { name: step.state.matches('adding') ? 'Adding…' : 'Add to Cart' }),
            ).toBeInTheDocument();
            return;
          }
          expect(screen.getByRole('spinbutton', { name: `Quantity of ${NAME}` })).toHaveValue(context.quantity);
          expect(screen.queryByText('More than we hold locally') !== null).toBe(context.quantity > 1);
          if (context.popup === 'stock')
            expect(screen.getByRole('status')).toHaveTextContent('Only 1 in stock in our warehouses');
          else if (context.popup === 'promotion')
            expect(screen.getByRole('status')).toHaveTextContent('Cashback applies to every set of 4.');
          else expect(screen.queryByRole('status')).not.toBeInTheDocument();
          expect(screen.queryByRole('alert') !== null).toBe(context.failed);
        },
      });
    });
  }
});
