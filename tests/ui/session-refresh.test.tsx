import { render, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/web/api/api-client';
import {
  type SessionActorRef,
  SessionActorContext,
  SessionProvider,
  useApi,
} from '../../src/web/session/session-context';
import { readStoredSession, writeStoredTokens } from '../../src/web/session/token-storage';
import { createCustomer, signIn } from '../support/fixtures';
import { createFetchGate } from '../support/fetch-gate';
import { injectFetch } from '../support/inject-fetch';
import { type TestApp, createTestApp } from '../support/test-app';

/** The app's API client inside the real session: a 401 refreshes once through the machine and retries. */
describe('401 → one refresh → one retry', () => {
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ email } = await createCustomer(t.database.db));
  }, 60_000);
  afterAll(() => t.close());

  /** The server behind a gate, with every request the app sent recorded (path and bearer token). */
  function recordedServer() {
    const sent: { path: string; authorization: string | null }[] = [];
    const server: typeof fetch = (input, init) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      sent.push({
        path: new URL(href, 'http://localhost').pathname,
        authorization: new Headers(init?.headers).get('authorization'),
      });
      return injectFetch(t.app)(input, init);
    };
    return { gate: createFetchGate(server), sent };
  }

  async function signedInSession(fetchImpl: typeof fetch = injectFetch(t.app)) {
    let session: SessionActorRef | null = null;
    let api: ApiClient | null = null;
    function Capture() {
      session = SessionActorContext.useActorRef();
      api = useApi();
      return null;
    }
    const view = render(
      <SessionProvider api={new ApiClient({ fetch: fetchImpl, validateResponses: true })}>
        <Capture />
      </SessionProvider>,
    );
    await waitFor(() => expect((session as SessionActorRef | null)?.getSnapshot().matches('anonymous')).toBe(true));
    const running = session as unknown as SessionActorRef;
    running.send({ type: 'session.signIn', result: await signIn(t.app, email) });
    await waitFor(() => expect(running.getSnapshot().matches('signedIn')).toBe(true));
    return { session: running, api: api as unknown as ApiClient, view };
  }

  it('renews an expired token without the caller noticing', async () => {
    const { session, api, view } = await signedInSession();
    const before = session.getSnapshot().context.tokens;
    t.clock.now = new Date(Date.now() + 25 * 3_600_000);
    await expect(api.call('userInfo')).resolves.toMatchObject({ isLoggedIn: true });
    const after = session.getSnapshot().context.tokens;
    expect(after?.token).not.toBe(before?.token);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(readStoredSession()?.tokens.token).toBe(after?.token);
    expect(session.getSnapshot().matches({ signedIn: { refresh: 'scheduled' } })).toBe(true);
    t.clock.now = new Date();
    view.unmount();
  });

  it('a burst of 401s renews once, and each call is retried once', async () => {
    const { gate, sent } = recordedServer();
    const { session, api, view } = await signedInSession(gate.fetch);
    const expired = session.getSnapshot().context.tokens?.token;
    t.clock.now = new Date(Date.now() + 25 * 3_600_000);
    // The second call goes out with the expired token too, but its 401 arrives only after the first renewed it.
    gate.hold(/Account\/Details$/);
    const first = api.call('userInfo');
    const second = api.call('accountDetails');
    await waitFor(() => expect(gate.waiting(/Account\/Details$/)).toBe(1));
    await expect(first).resolves.toMatchObject({ isLoggedIn: true });
    gate.release(/Account\/Details$/, { open: true });
    await expect(second).resolves.toBeDefined();
    expect(sent.filter((request) => request.path.endsWith('Authenticate/TokenRefresh'))).toHaveLength(1);
    const details = sent.filter((request) => request.path.endsWith('Account/Details'));
    expect(details.map((request) => request.authorization === `Bearer ${expired}`)).toEqual([true, false]);
    t.clock.now = new Date();
    view.unmount();
  });

  it('a call made while the stored session is being checked waits for it and carries the token', async () => {
    writeStoredTokens(await signIn(t.app, email));
    const { gate, sent } = recordedServer();
    gate.hold(/Account\/UserInfo$/);
    let session: SessionActorRef | null = null;
    let api: ApiClient | null = null;
    function Capture() {
      session = SessionActorContext.useActorRef();
      api = useApi();
      return null;
    }
    const view = render(
      <SessionProvider api={new ApiClient({ fetch: gate.fetch, validateResponses: true })}>
        <Capture />
      </SessionProvider>,
    );
    await waitFor(() => expect(api).not.toBeNull());
    expect((session as SessionActorRef | null)?.getSnapshot().value).toBe('checking');
    const settings = (api as unknown as ApiClient).call('globalSettings');
    gate.release(/Account\/UserInfo$/, { open: true });
    await expect(settings).resolves.toBeDefined();
    const token = (session as unknown as SessionActorRef).getSnapshot().context.tokens?.token;
    expect(sent.find((request) => request.path.endsWith('Global/Settings'))?.authorization).toBe(`Bearer ${token}`);
    view.unmount();
  });

  it('signs out when the refresh fails, and the call fails with 401', async () => {
    const { session, api, view } = await signedInSession();
    t.clock.now = new Date(Date.now() + 31 * 86_400_000);
    await expect(api.call('userInfo')).rejects.toMatchObject({ status: 401 });
    expect(session.getSnapshot().value).toBe('anonymous');
    expect(readStoredSession()).toBeNull();
    t.clock.now = new Date();
    view.unmount();
  });

  it('lets a second tab adopt the tokens the first renewed, instead of replaying the spent refresh token', async () => {
    writeStoredTokens(await signIn(t.app, email));
    const tabs = [0, 1].map(() => {
      const tab: { session: SessionActorRef | null; api: ApiClient | null } = { session: null, api: null };
      function Capture() {
        tab.session = SessionActorContext.useActorRef();
        tab.api = useApi();
        return null;
      }
      const view = render(
        <SessionProvider api={new ApiClient({ fetch: injectFetch(t.app), validateResponses: true })}>
          <Capture />
        </SessionProvider>,
      );
      return { tab, view };
    });
    await waitFor(() => {
      for (const { tab } of tabs) expect(tab.session?.getSnapshot().matches('signedIn')).toBe(true);
    });
    const [first, second] = tabs.map(({ tab }) => ({
      session: tab.session as SessionActorRef,
      api: tab.api as ApiClient,
    }));
    if (!first || !second) throw new Error('two tabs expected');
    t.clock.now = new Date(Date.now() + 25 * 3_600_000);
    await expect(first.api.call('userInfo')).resolves.toMatchObject({ isLoggedIn: true });
    await expect(second.api.call('userInfo')).resolves.toMatchObject({ isLoggedIn: true });
    expect(second.session.getSnapshot().context.tokens?.refreshToken).toBe(
      first.session.getSnapshot().context.tokens?.refreshToken,
    );
    // Nothing was replayed: the family is alive and the next renewal works.
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/yhi/api/Authenticate/TokenRefresh',
      payload: { refreshToken: first.session.getSnapshot().context.tokens?.refreshToken },
    });
    expect(renewed.statusCode).toBe(200);
    t.clock.now = new Date();
    for (const { view } of tabs) view.unmount();
  });
});
