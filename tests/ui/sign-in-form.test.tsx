import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventFromLogic } from 'xstate';
import type { UserInfo } from '../../src/contract/account';
import { sessionMachine } from '../../machines/session';
import { ApiClient } from '../../src/web/api/api-client';
import { createAppRouter } from '../../src/web/router';
import {
  SessionActorContext,
  SessionProvider,
  type SessionProviderProps,
  useApi,
} from '../../src/web/session/session-context';
import { readStoredSession } from '../../src/web/session/token-storage';
import { FIXTURE_PASSWORD, createCustomer } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { type TestApp, createTestApp } from '../support/test-app';
import { UI_WAIT_MS } from '../support/ui-wait';
import { type ModelPath, createMachineModel } from '../model/support/model-harness';
import { getShortestPaths } from 'xstate/graph';

/**
 * The real sign-in page, driven along the session machine's shortest paths: a sign-in event is typed into the
 * real form and sent to the real server; sign-out goes through the user menu. The user lookup and the session
 * check are the model's deferred actors, so each path decides what they answer.
 */
const signedInUser: UserInfo = {
  isLoggedIn: true,
  name: 'Model Customer',
  sapCode: 'M10001',
  isMarshalKeyDealer: false,
  isAssociateDealer: false,
  hasPitPass: false,
  isStaffMember: false,
  isRestrictedSalesRetailer: false,
  isImpersonating: false,
  useTabNavigation: true,
  accountName: 'Model Tyres',
  impersonatorName: null,
  role: 'owner',
  canPayInvoices: true,
};

const signInResult = {
  token: 't',
  cookieExpiry: 1440,
  refreshToken: 'r',
  isStaffMember: false,
  impersonatorToken: null,
  impersonatorRefresherToken: null,
  returnUrl: null,
};

/** The events the sign-in page causes (form, user menu) or settles (the session check and user lookup). */
const formEvents: EventFromLogic<typeof sessionMachine>[] = [
  { type: 'xstate.done.actor.restoreSession', output: null } as unknown as EventFromLogic<typeof sessionMachine>,
  { type: 'session.signIn', result: signInResult },
  { type: 'xstate.done.actor.loadUser', output: signedInUser } as unknown as EventFromLogic<typeof sessionMachine>,
  {
    type: 'xstate.error.actor.loadUser',
    error: new Error('The user could not be loaded'),
  } as unknown as EventFromLogic<typeof sessionMachine>,
  { type: 'session.signOut' },
];

/** The same model the harness uses, walked only with the page's events: every shortest path among them. */
const model = createMachineModel(sessionMachine, {
  compareContext: false,
  // The harness explores the whole machine up front; these payloads let it pass the states the page never reaches.
  events: [
    ...formEvents,
    { type: 'session.impersonate', token: 'one-time' },
    {
      type: 'xstate.done.actor.impersonate',
      output: { ...signInResult, impersonatorToken: 's', impersonatorRefresherToken: 'sr' },
    } as unknown as EventFromLogic<typeof sessionMachine>,
    {
      type: 'xstate.done.actor.refreshTokens',
      output: { result: signInResult, user: signedInUser },
    } as unknown as EventFromLogic<typeof sessionMachine>,
    { type: 'session.cookieChecked', cookieToken: null },
  ],
});
const formPaths: ModelPath<typeof sessionMachine>[] = getShortestPaths(sessionMachine, {
  events: (snapshot) => formEvents.filter((event) => snapshot.can(event)),
  serializeState: (state, event, previous) =>
    JSON.stringify([previous?.value ?? null, event?.type ?? null, state.value]),
})
  .filter((path) => path.steps.length > 1)
  .map((path) => ({
    description: `${path.steps
      .slice(1)
      .map((step) => step.event.type.replace('xstate.', ''))
      .join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`,
    inputName: 'no input',
    input: undefined as never,
    steps: path.steps as unknown as ModelPath<typeof sessionMachine>['steps'],
  }));

function SessionApp({
  api,
  onActor,
  ...session
}: Omit<SessionProviderProps, 'children'> & { onActor: (actor: AnyActorRef) => void }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider api={api} {...session}>
        <RoutedApp queryClient={queryClient} onActor={onActor} />
      </SessionProvider>
    </QueryClientProvider>
  );
}

function RoutedApp({ queryClient, onActor }: { queryClient: QueryClient; onActor: (actor: AnyActorRef) => void }) {
  const session = SessionActorContext.useActorRef();
  const api = useApi();
  const [router] = useState(() => createAppRouter({ queryClient, api, session }));
  onActor(session);
  return <RouterProvider router={router} />;
}

describe('the sign-in form along the session machine', () => {
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '10000' } });
    ({ email } = await createCustomer(t.database.db));
  }, 60_000);
  afterAll(() => t.close());

  it('walks the paths that end signed in, signed out and after a failed user lookup', () => {
    const ends = formPaths.map((path) => JSON.stringify(path.steps.at(-1)?.state.value));
    expect(ends).toEqual(
      expect.arrayContaining(['"anonymous"', JSON.stringify({ signedIn: { role: 'customer', refresh: 'scheduled' } })]),
    );
  });

  for (const path of formPaths) {
    it(path.description, async () => {
      window.history.replaceState(null, '', '/login?returnUrl=/tyres');
      document.cookie = 'token=; Path=/; Max-Age=0';
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let view: ReturnType<typeof render> | null = null;
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      try {
        await model.run(path, {
          start: async ({ actors, inspect }) => {
            let running: AnyActorRef | null = null;
            view = render(
              <SessionApp
                api={new ApiClient({ fetch: injectFetch(t.app), validateResponses: true })}
                actors={actors}
                inspect={inspect}
                reload={() => undefined}
                onActor={(actor) => {
                  running = actor;
                }}
              />,
            );
            await vi.waitFor(() => expect(running).not.toBeNull(), { timeout: UI_WAIT_MS });
            return running as unknown as AnyActorRef;
          },
          events: {
            'session.signIn': async (_event, actor) => {
              await user.type(await screen.findByLabelText('Email'), email);
              await user.type(screen.getByLabelText('Password'), FIXTURE_PASSWORD);
              await user.click(screen.getByRole('button', { name: 'Sign in' }));
              await vi.waitFor(
                () => expect((actor.getSnapshot() as AnyMachineSnapshot).matches('loadingUser')).toBe(true),
                { timeout: UI_WAIT_MS },
              );
            },
            'session.signOut': async () => {
              await user.click(await screen.findByRole('button', { name: /^Account menu for Model Customer/ }));
              await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
            },
          },
          check: async (step) => {
            const state = step.state as AnyMachineSnapshot;
            if (state.matches('anonymous')) {
              if (window.location.pathname === '/login') {
                expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
              }
              expect(readStoredSession()).toBeNull();
              expect(document.cookie).not.toMatch(/(^|; )token=/);
            }
            if (state.matches('signedIn')) {
              await waitFor(() => expect(window.location.pathname).toBe('/tyres'));
              expect(readStoredSession()?.tokens.token).toEqual(expect.any(String));
              expect(document.cookie).toMatch(/(^|; )token=/);
            }
          },
        });
      } finally {
        (view as ReturnType<typeof render> | null)?.unmount();
        vi.useRealTimers();
      }
    });
  }
});

describe('the sign-in form, against the real session', () => {
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '10000' } });
    ({ email } = await createCustomer(t.database.db));
  }, 60_000);
  afterAll(() => t.close());

  it('shows the refusal for a wrong password, keeps what was typed, then signs in and honours returnUrl', async () => {
    window.history.replaceState(null, '', '/login?returnUrl=/wheels');
    document.cookie = 'token=; Path=/; Max-Age=0';
    const user = userEvent.setup();
    const view = render(
      <SessionApp
        api={new ApiClient({ fetch: injectFetch(t.app), validateResponses: true })}
        onActor={() => undefined}
      />,
    );
    await user.type(await screen.findByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(screen.getByLabelText('Email')).toHaveValue(email);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), FIXTURE_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/wheels'));
    expect(await screen.findByRole('button', { name: /^Account menu for Fixture User/ })).toBeInTheDocument();
    view.unmount();
  });
});
