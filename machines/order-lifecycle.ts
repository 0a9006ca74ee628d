import { setup } from 'xstate';
import type { FulfilmentStatus } from '../src/contract/order-fulfilment';

/** One status the wholesaler's systems sent for an order (Integration/Orders/Status). */
export type OrderLifecycleEvent = { type: `status.${FulfilmentStatus}` };

export type OrderLifecycleState =
  'placed' | 'accepted' | 'picking' | 'backOrdered' | 'partlyShipped' | 'shipped' | 'delivered' | 'cancelled';

/** The statechart's state an order is in, from its latest fulfilment status (none yet: just placed). */
export const lifecycleStateOf: Record<FulfilmentStatus, OrderLifecycleState> = {
  Accepted: 'accepted',
  Picking: 'picking',
  BackOrdered: 'backOrdered',
  PartlyShipped: 'partlyShipped',
  Shipped: 'shipped',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
};

export const statusEvent = (status: FulfilmentStatus): OrderLifecycleEvent => ({ type: `status.${status}` });

/*
 * Which statuses may follow which (docs/integration.md, Status back). An ERP may skip forward, since it may not report
 * every step; nothing goes back. A status repeats only where new details make sense: another part shipment, a new
 * back-order date, a corrected consignment. Once anything has shipped the order can no longer be cancelled or
 * back-ordered as a whole, since stock is on its way (the rest follows as further part shipments, which may carry an
 * expected date). Delivered and Cancelled are final.
 */
const toShipping = {
  'status.PartlyShipped': 'partlyShipped',
  'status.Shipped': 'shipped',
  'status.Delivered': 'delivered',
} as const;

export const orderLifecycleMachine = setup({
  types: { events: {} as OrderLifecycleEvent },
}).createMachine({
  id: 'orderLifecycle',
  initial: 'placed',
  states: {
    placed: {
      on: {
        'status.Accepted': 'accepted',
        'status.Picking': 'picking',
        'status.BackOrdered': 'backOrdered',
        ...toShipping,
        'status.Cancelled': 'cancelled',
      },
    },
    accepted: {
      on: {
        'status.Picking': 'picking',
        'status.BackOrdered': 'backOrdered',
        ...toShipping,
        'status.Cancelled': 'cancelled',
      },
    },
    picking: {
      on: {
        'status.BackOrdered': 'backOrdered',
        ...toShipping,
        'status.Cancelled': 'cancelled',
      },
    },
    backOrdered: {
      on: {
        'status.BackOrdered': 'backOrdered',
        'status.Picking': 'picking',
        ...toShipping,
        'status.Cancelled': 'cancelled',
      },
    },
    partlyShipped: { on: toShipping },
    shipped: {
      on: {
        'status.Shipped': 'shipped',
        'status.Delivered': 'delivered',
      },
    },
    delivered: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
