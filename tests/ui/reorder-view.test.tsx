import { fireEvent, render, screen, within } from '@testing-library/react';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import { type ReorderContext, reorderMachine } from '../../machines/reorder';
import type { AuthResult } from '../../src/contract/auth';
import type { CartState } from '../../src/contract/cart';
import type { ReorderResult } from '../../src/contract/order-history';
import { productStock } from '../../src/server/db/schema';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { reorderModelOptionsFor } from '../model/spec/reorder';
import { createMachineModel } from '../model/support/model-harness';
import { createFetchGate } from '../support/fetch-gate';
import { signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { actorObservers } from '../support/observed-actors';
import { createOrderHistoryFixture } from '../support/order-history-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';
import { UI_WAIT_MS } from '../support/ui-wait';

/**
 * 'Order again' on the real order page against the real server, along paths generated from the reorder machine.
 * User events are clicks on the page; Order/Reorder is held by a fetch gate until the path says the server answered
 * (with stock for the lines, or with none left anywhere, so every line is Unavailable) or the connection dropped.
 */
vi.mock('../../src/web/dev/actor-options', async (importOriginal) =>
  (await import('../support/observed-actors')).observedActorOptions(importOriginal),
);

const NOW = new Date('2026-11-22T02:00:00Z');
const LINE_NAMES = ['Delta Six 17x8.5 6x139.7 +10 Gloss Black', 'Alpha Road One 265/65R17 112H'];
const REORDER = /\/Order\/Reorder$/;

const emptyCart = { items: [] } as unknown as CartState;
const answered = (result: 'Added' | 'Unavailable'): ReorderResult => ({
  lines: [
    {
      lineId: 1,
      sku: 'W1',
      name: LINE_NAMES[0] as string,
      result,
      requestedQuantity: 4,
      addedQuantity: result === 'Added' ? 4 : 0,
      reason: result,
    },
  ],
  cart: emptyCart,
});
const someAdded = answered('Added');
const noneAdded = answered('Unavailable');

/** The spec's model over the HiLux order: both its lines ticked, and a line of another order (nothing to tick). */
const model = createMachineModel(reorderMachine, {
  ...reorderModelOptionsFor({
    name: 'the HiLux order (a wheel and a tyre)',
    orderId: 1,
    lineIds: [1, 2],
    toggled: [1, 2, 99],
    someAdded,
    noneAdded,
  }),
  compareContext: false,
});

let t: TestApp;
let setup: Awaited<ReturnType<typeof createOrderHistoryFixture>>;
let session: AuthResult;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  setup = await createOrderHistoryFixture(t);
  session = await signIn(t.app, setup.dealerEmail);
}, 60_000);
afterAll(() => t.close());

/** The page stays readable while the cart flyout (a modal) covers it: queries include what it hides. */
const hidden = { hidden: true } as const;
const button = (name: string) => screen.getByRole('button', { name, ...hidden });
const clearCart = () =>
  t.app.inject({ method: 'POST', url: api('Cart/Clear'), headers: { authorization: `Bearer ${session.token}` } });

/** Every warehouse out of the order's products while `work` runs; the stock as it was afterwards. */
async function withoutStock(work: () => Promise<void>): Promise<void> {
  const productIds = [setup.fixture.wheels.w1, setup.fixture.tyres.t1];
  const before = await t.database.db.select().from(productStock).where(inArray(productStock.productId, productIds));
  await t.database.db.update(productStock).set({ quantity: 0 }).where(inArray(productStock.productId, productIds));
  await t.app.catalogue.reload();
  try {
    await work();
  } finally {
    for (const row of before) {
      await t.database.db
        .update(productStock)
        .set({ quantity: row.quantity })
        .where(eq(productStock.productId, row.productId));
    }
    await t.database.db.delete(productStock).where(inArray(productStock.productId, productIds));
    await t.database.db.insert(productStock).values(before);
    await t.app.catalogue.reload();
  }
}

describe('the order page along the reorder machine', () => {
  for (const path of model.paths) {
    it(
      path.description,
      async () => {
        vi.useFakeTimers({ shouldAdvanceTime: true });
        await clearCart();
        const gate = createFetchGate(injectFetch(t.app));
        const left = async (actor: AnyActorRef) =>
          vi.waitFor(() => expect((actor.getSnapshot() as AnyMachineSnapshot).matches('sending')).toBe(false), {
            timeout: UI_WAIT_MS,
          });
        try {
          await model.run(path, {
            start: async ({ inspect }) => {
              writeStoredTokens({
                token: session.token,
                refreshToken: session.refreshToken,
                impersonatorToken: session.impersonatorToken,
              });
              vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
              window.history.replaceState(null, '', `/my-account/orders/${setup.orders.wheels}`);
              let reorderActor: AnyActorRef | null = null;
              actorObservers.set('reorder', (event) => {
                const ref = event.actorRef as AnyActorRef;
                if (event.type === '@xstate.actor' && ref.id === 'reorder' && !reorderActor) reorderActor = ref;
                if (reorderActor && ref.system === reorderActor.system) inspect(event);
              });
              gate.hold(REORDER);
              render(<App api={new ApiClient({ fetch: gate.fetch, validateResponses: true })} />);
              await screen.findByRole('heading', { name: `Order ${setup.orders.wheels}` });
              await vi.waitFor(() => expect(reorderActor).not.toBeNull(), { timeout: UI_WAIT_MS });
              return reorderActor as unknown as AnyActorRef;
            },
            events: {
              // A line of another order has no box on this page: there is nothing to tick.
              'reorder.toggle': (event) => {
                const { lineId } = event as EventObject & { lineId: number };
                const name = LINE_NAMES[lineId - 1];
                if (name) fireEvent.click(screen.getByRole('checkbox', { name: `Order again: ${name}`, ...hidden }));
              },
              'reorder.chooseAll': () => void fireEvent.click(button('Tick all lines')),
              'reorder.chooseNone': () => void fireEvent.click(button('Untick all lines')),
              'reorder.sendAll': () => void fireEvent.click(button('Order all lines again')),
              // Disabled while nothing is ticked: the click does nothing, as the machine refuses the event.
              'reorder.sendChosen': () =>
                void fireEvent.click(
                  button(
                    `Order ticked lines again (${screen.queryAllByRole('checkbox', { checked: true, ...hidden }).length})`,
                  ),
                ),
              // Offered only when something was added; otherwise there is nothing to click.
              'reorder.openCart': () => {
                const open = screen.queryByRole('button', { name: 'Open the cart', ...hidden });
                if (open) fireEvent.click(open);
              },
              'reorder.retry': () => void fireEvent.click(button('Try again')),
              'reorder.back': () => void fireEvent.click(button('Back to the lines')),
              'reorder.again': () => void fireEvent.click(button('Choose lines again')),
              'xstate.done.actor.sendReorder': async (event, actor) => {
                const { output } = event as EventObject & { output: ReorderResult };
                if (output === noneAdded) {
                  await withoutStock(async () => {
                    gate.release(REORDER);
                    await left(actor);
                  });
                } else {
                  // Each send starts from an empty cart, so the wheel's stock is there to add again.
                  await clearCart();
                  gate.release(REORDER);
                  await left(actor);
                }
              },
              'xstate.error.actor.sendReorder': async (_event, actor) => {
                gate.fail(REORDER);
                await left(actor);
              },
            },
            check: (step) => {
              const state = step.state as unknown as { context: ReorderContext; matches: (value: string) => boolean };
              const { context } = state;
              if (state.matches('choosing')) {
                expect(button('Order all lines again')).toBeEnabled();
                LINE_NAMES.forEach((name, index) => {
                  const box = screen.getByRole('checkbox', { name: `Order again: ${name}`, ...hidden });
                  if (context.chosen.includes(index + 1)) expect(box).toBeChecked();
                  else expect(box).not.toBeChecked();
                });
                expect(button(`Order ticked lines again (${context.chosen.length})`)).toBeInTheDocument();
              }
              if (state.matches('sending')) expect(screen.getByText('Adding to your cart…')).toBeInTheDocument();
              if (state.matches('results') || state.matches('done')) {
                const added = context.results.some((line) => line.result !== 'Unavailable');
                expect(
                  screen.getByText(added ? 'Added to your cart:' : 'Nothing could be added to your cart:'),
                ).toBeInTheDocument();
                const list = screen.getByRole('list', { name: 'Order again: result per line', ...hidden });
                expect(within(list).getAllByRole('listitem', hidden).length).toBeGreaterThan(0);
                if (!added)
                  expect(within(list).getAllByText('Unavailable', { exact: false }).length).toBeGreaterThan(0);
              }
              if (state.matches('done')) expect(screen.getByRole('dialog', { name: 'Cart' })).toBeInTheDocument();
              if (state.matches('results'))
                expect(screen.queryByRole('dialog', { name: 'Cart' })).not.toBeInTheDocument();
              if (state.matches('failed'))
                expect(screen.getByRole('alert', hidden)).toHaveTextContent(
                  'The order could not be added to your cart',
                );
            },
          });
        } finally {
          actorObservers.delete('reorder');
          vi.useRealTimers();
        }
      },
      60_000,
    );
  }
});
