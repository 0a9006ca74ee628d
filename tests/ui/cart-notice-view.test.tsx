import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, type AnyMachineSnapshot, createActor } from 'xstate';
import { cartNoticeMachine, noticeText } from '../../machines/cart-notice';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { createCartTestApp } from '../support/cart-test-app';
import { createFetchGate } from '../support/fetch-gate';
import { FIXTURE_PASSWORD, bearer, createCustomer, signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { actorObservers } from '../support/observed-actors';
import { type TestApp, api } from '../support/test-app';
import { UI_WAIT_MS } from '../support/ui-wait';
import { cartNoticeModelOptions } from '../model/spec/cart-notice';
import { createMachineModel } from '../model/support/model-harness';

/**
 * The cart notification in the real shop against the real server, along the cart notice machine's paths. The
 * user signs in through the login page and out through the account menu; the count changes because the user types
 * a new quantity into the cart flyout's quantity pill. Cart/Count is held by a fetch gate until the path says the
 * server answered (or the connection dropped). The notice exists only in a customer's header, so a visitor's
 * screen is the machine's signedOut state: no cart, no count loaded, no notice.
 */
vi.mock('../../src/web/dev/actor-options', async (importOriginal) =>
  (await import('../support/observed-actors')).observedActorOptions(importOriginal),
);
const COUNT = /\/cart\/count$/i;
const TYRE = 'Alpha Road One 265/65R17 112H';
const NOTICE = /Item\(s\) (Added to|Removed from) Cart$/;

// The same model as tests/model/cart-notice.test.ts, SPEC.md assertions included.
const model = createMachineModel(cartNoticeMachine, cartNoticeModelOptions);

describe('the cart notice in the shop along the cart notice machine', () => {
  let t: TestApp;
  let tyreId: number;

  beforeAll(async () => {
    // Every path signs a customer in; the sign-in rate limit is not what this file tests.
    const cart = await createCartTestApp({ now: new Date(), env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000' } });
    t = cart.t;
    tyreId = cart.fixture.tyres.t1;
  }, 60_000);
  afterAll(() => t.close());

  for (const path of model.paths) {
    it(
      path.description,
      async () => {
        vi.useFakeTimers({ shouldAdvanceTime: true });
        const customer = await createCustomer(t.database.db, { state: 'VIC' });
        await t.app.inject({
          method: 'POST',
          url: api('Cart/Add'),
          headers: bearer(await signIn(t.app, customer.email)),
          payload: { productId: tyreId, quantity: 2 },
        });
        const gate = createFetchGate(injectFetch(t.app));
        gate.hold(COUNT);
        const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
        let notice: AnyActorRef | null = null;
        // A visitor has no notice: the machine's first state, with nothing counted.
        const visitor = createActor(cartNoticeMachine).getSnapshot();
        // The notice lives beside the header's cart button (a stopped React actor keeps its last snapshot).
        const mounted = () => document.querySelector('button[title^="Cart, "]') !== null;
        const shown = () => (notice && mounted() ? (notice.getSnapshot() as AnyMachineSnapshot) : visitor);
        let inCart = 2;
        let signedIn = false;
        try {
          await model.run(path, {
            start: ({ inspect }) => {
              actorObservers.set('cart-notice', (event) => {
                const ref = event.actorRef as AnyActorRef;
                if (event.type === '@xstate.actor' && ref.id === 'cart-notice') notice = ref;
                inspect(event);
              });
              vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
              window.history.replaceState(null, '', '/login');
              render(<App api={new ApiClient({ fetch: gate.fetch, validateResponses: true })} />);
              return {
                getSnapshot: shown,
                send: (event: unknown) => notice?.send(event),
                get system() {
                  return notice?.system;
                },
              } as unknown as AnyActorRef;
            },
            events: {
              'session.signedIn': async () => {
                await user.type(await screen.findByLabelText('Email'), customer.email);
                await user.type(screen.getByLabelText('Password'), FIXTURE_PASSWORD);
                await user.click(screen.getByRole('button', { name: 'Sign in' }));
                signedIn = true;
                await vi.waitFor(() => expect(shown().value).toBe('loading'), { timeout: UI_WAIT_MS });
              },
              'xstate.done.actor.loadCount': async () => {
                gate.release(COUNT, { open: true });
                await vi.waitFor(() => expect(shown().value).toBe('quiet'), { timeout: UI_WAIT_MS });
                // The header's own count (the same call) has arrived too, so later counts are the user's doing.
                expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
              },
              'xstate.error.actor.loadCount': async () => {
                // The baseline is the header's Cart/Count query, which tries once more: both attempts drop.
                await vi.waitFor(
                  () => {
                    gate.fail(COUNT);
                    expect(shown().value).toBe('quiet');
                  },
                  { timeout: UI_WAIT_MS },
                );
              },
              'session.signedOut': async () => {
                if (screen.queryByRole('dialog', { name: 'Cart' })) await user.keyboard('{Escape}');
                await user.click(await screen.findByRole('button', { name: /^Account menu for / }));
                await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
                await vi.waitFor(() => expect(shown()).toBe(visitor), { timeout: UI_WAIT_MS });
              },
              'cart.counted': async (event) => {
                const { count } = event as unknown as { count: number };
                // The view reports the count only when it changes: an unchanged count is nothing a user can cause, except
                // after a failed first load, when the count loaded again (the shop refetches on focus) is the first the
                // view learns of it.
                if (count === inCart) {
                  if (shown().context.count === null) {
                    gate.release(COUNT, { open: true });
                    act(() => {
                      focusManager.setFocused(false);
                      focusManager.setFocused(true);
                    });
                    await vi.waitFor(() => expect(shown().context.count).toBe(count), { timeout: UI_WAIT_MS });
                  }
                  return;
                }
                if (!screen.queryByRole('dialog', { name: 'Cart' }))
                  await user.click(screen.getByRole('button', { name: /^Cart, / }));
                const line = await within(await screen.findByRole('dialog', { name: 'Cart' })).findByRole('listitem', {
                  name: TYRE,
                });
                act(() => {
                  fireEvent.change(within(line).getByRole('spinbutton', { name: `Quantity of ${TYRE}` }), {
                    target: { value: String(count) },
                  });
                });
                await vi.waitFor(() => expect(shown().context.count).toBe(count), { timeout: UI_WAIT_MS });
                inCart = count;
              },
            },
            check: async (step) => {
              const state = step.state as AnyMachineSnapshot;
              if (state.matches('showing')) {
                expect(await screen.findByText(noticeText(state.context.change))).toBeInTheDocument();
              } else {
                expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
              }
              if (state.matches('signedOut')) {
                expect(screen.queryByRole('button', { name: /^Cart, / })).not.toBeInTheDocument();
                // SPEC.md §4: the cart count loads only when signed in.
                if (!signedIn) expect(gate.waiting(COUNT)).toBe(0);
              }
            },
          });
        } finally {
          focusManager.setFocused(undefined);
          actorObservers.delete('cart-notice');
          vi.useRealTimers();
        }
      },
      30_000,
    );
  }
});
