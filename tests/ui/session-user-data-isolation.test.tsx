import { QueryClient, QueryClientProvider, type QueryKey, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { ApiClient } from '../../src/web/api/api-client';
import {
  type SessionActorRef,
  SessionActorContext,
  SessionProvider,
  useApi,
  useCurrentUser,
} from '../../src/web/session/session-context';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { createCustomer, createStaff, signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { signInStaff } from '../support/roles';
import { type TestApp, api as apiPath, createTestApp } from '../support/test-app';

/**
 * Every query the app caches, generated from its query modules (each exported `…Query(api, …)` factory), not picked
 * by hand: a factory added later is covered without touching this test. Lint keeps every query there: eslint.config.js
 * refuses a queryFn or an inline key anywhere else in src/web (tests/unit/query-keys-in-one-place.test.ts).
 */
const queryModules = import.meta.glob<Record<string, unknown>>('../../src/web/api/queries/*.ts', { eager: true });

interface CachedQuery {
  readonly name: string;
  readonly queryKey: QueryKey;
}

function everyCachedQuery(api: ApiClient): CachedQuery[] {
  return Object.values(queryModules).flatMap((module) =>
    Object.entries(module).flatMap(([name, factory]) => {
      if (!name.endsWith('Query') || typeof factory !== 'function') return [];
      const placeholders = Array.from({ length: Math.max(0, factory.length - 1) }, () => 'placeholder');
      const options: unknown = factory(api, ...placeholders);
      if (
        typeof options !== 'object' ||
        options === null ||
        !('queryKey' in options) ||
        !Array.isArray(options.queryKey)
      ) {
        throw new Error(`${name} does not return query options`);
      }
      return [{ name, queryKey: options.queryKey as QueryKey }];
    }),
  );
}

interface Shown {
  readonly viewer: string;
  readonly owner: string | undefined;
}

/**
 * Renders what the cache holds for one query, and logs who was signed in when it was shown. Fetched again, it asks
 * the server whose session the app's client carries, as every real query does.
 */
function Probe({ query, log }: { query: CachedQuery; log: Shown[] }) {
  const viewer = useCurrentUser()?.name ?? 'nobody';
  const api = useApi();
  const { data } = useQuery<{ owner: string }>({
    queryKey: query.queryKey,
    queryFn: async () => ({ owner: (await api.call('userInfo').catch(() => null))?.name ?? 'nobody' }),
    staleTime: Infinity,
    retry: false,
  });
  log.push({ viewer, owner: data?.owner });
  return <output aria-label={query.name}>{data?.owner ?? ''}</output>;
}

describe('nothing of one user survives a change of who is signed in', () => {
  let t: TestApp;
  let dealer: { email: string; name: string; accountId: number };
  let retailer: { email: string; name: string; accountId: number };
  let staffEmail: string;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createCustomer(t.database.db);
    const b = await createCustomer(t.database.db);
    dealer = { email: a.email, name: a.user.name, accountId: a.account.id };
    retailer = { email: b.email, name: b.user.name, accountId: b.account.id };
    staffEmail = (await createStaff(t.database.db)).email;
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    t.clock.now = new Date();
  });

  function mount() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const log: Shown[] = [];
    const captured: { session: SessionActorRef | null; api: ApiClient | null } = { session: null, api: null };
    function Capture() {
      captured.session = SessionActorContext.useActorRef();
      captured.api = useApi();
      return null;
    }
    const base = new ApiClient({ fetch: injectFetch(t.app), validateResponses: true });
    const queries = everyCachedQuery(base);
    const view = render(
      <QueryClientProvider client={queryClient}>
        <SessionProvider api={base}>
          <Capture />
          {queries.map((query) => (
            <Probe key={query.name} query={query} log={log} />
          ))}
        </SessionProvider>
      </QueryClientProvider>,
    );
    const session = () => {
      if (!captured.session || !captured.api) throw new Error('session not running');
      return { actor: captured.session, api: captured.api };
    };
    /** Fills every cached query with the signed-in user's data, as browsing would. */
    const browseAs = (owner: string) =>
      act(() => {
        for (const query of queries) queryClient.setQueryData(query.queryKey, { owner });
      });
    /** Queries whose cached data belongs to `owner`. */
    const heldFor = (owner: string) =>
      queries
        .filter((query) => queryClient.getQueryData<{ owner: string }>(query.queryKey)?.owner === owner)
        .map((query) => query.name);
    /** Renders that showed `owner`'s data to someone else. */
    const shownToOthers = (owner: string) => log.filter((entry) => entry.owner === owner && entry.viewer !== owner);
    return { queryClient, queries, view, session, browseAs, heldFor, shownToOthers };
  }

  async function signedInAs(actor: SessionActorRef, result: AuthResult, name: string) {
    act(() => actor.send({ type: 'session.signIn', result }));
    await waitFor(() => expect(actor.getSnapshot().context.user?.name).toBe(name));
  }

  async function mintImpersonation(staff: AuthResult, accountId: number): Promise<string> {
    const minted = await t.app.inject({
      method: 'POST',
      url: apiPath('Staff/ImpersonationToken'),
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { accountId },
    });
    return (minted.json() as { token: string }).token;
  }

  it('covers every query factory of the app', () => {
    const { queries, view } = mount();
    expect(queries.map((query) => query.name)).toEqual(
      expect.arrayContaining([
        'cartStateQuery',
        'cartCountQuery',
        'siteSettingsQuery',
        'accountDetailsQuery',
        // Once written inline in their components:
        'vendorsQuery',
        'paidAfterReleaseQuery',
        'paypalSettingsQuery',
        'resetLinkCheckQuery',
      ]),
    );
    // One cache entry per factory: no two share a key, so each is checked on its own.
    expect(new Set(queries.map((query) => JSON.stringify(query.queryKey))).size).toBe(queries.length);
    expect(queries.length).toBeGreaterThan(30);
    view.unmount();
  });

  it('sign-out, then another customer signs in on the same tab', async () => {
    const { session, browseAs, heldFor, shownToOthers, view, queries } = mount();
    await waitFor(() => expect(session().actor.getSnapshot().matches('anonymous')).toBe(true));
    const { actor } = session();
    await signedInAs(actor, await signIn(t.app, dealer.email), dealer.name);
    browseAs(dealer.name);
    sessionStorage.setItem('yhi.emailProducts', '[]');
    localStorage.setItem('yhi.searchHistory', '["265/65R17"]');
    localStorage.setItem('yhi.device.counterPriceMode', 'RRP');
    await waitFor(() => expect(screen.getByRole('status', { name: 'cartStateQuery' })).toHaveTextContent(dealer.name));

    act(() => actor.send({ type: 'session.signOut' }));
    // Emptied in the same step as the sign-out: before any view could render for whoever comes next.
    expect(heldFor(dealer.name)).toEqual([]);
    expect(sessionStorage.getItem('yhi.emailProducts')).toBeNull();
    expect(localStorage.getItem('yhi.searchHistory')).toBeNull();
    // The counter switch is the device's setting, not the person's (docs/app-shell.md): it stays.
    expect(localStorage.getItem('yhi.device.counterPriceMode')).toBe('RRP');

    await signedInAs(actor, await signIn(t.app, retailer.email), retailer.name);
    await waitFor(() => {
      for (const query of queries)
        expect(screen.getByRole('status', { name: query.name })).not.toHaveTextContent(dealer.name);
    });
    expect(heldFor(dealer.name)).toEqual([]);
    expect(shownToOthers(dealer.name)).toEqual([]);
    view.unmount();
  });

  it('staff act as one customer, return to staff, then act as another', async () => {
    const { session, browseAs, heldFor, shownToOthers, view } = mount();
    await waitFor(() => expect(session().actor.getSnapshot().matches('anonymous')).toBe(true));
    const { actor } = session();
    const staff = await signInStaff(t.app, staffEmail);
    act(() => actor.send({ type: 'session.signIn', result: staff }));
    await waitFor(() => expect(actor.getSnapshot().matches({ signedIn: { role: 'staff' } })).toBe(true));
    const staffName = actor.getSnapshot().context.user?.name ?? 'staff';
    browseAs(staffName);

    const actAs = async (accountId: number, name: string) => {
      const token = await mintImpersonation(
        { ...staff, token: actor.getSnapshot().context.tokens?.token ?? staff.token },
        accountId,
      );
      act(() => actor.send({ type: 'session.impersonate', token }));
      await waitFor(() => expect(actor.getSnapshot().matches({ signedIn: { role: 'impersonating' } })).toBe(true));
      expect(actor.getSnapshot().context.user?.name).toBe(name);
    };
    await actAs(dealer.accountId, dealer.name);
    expect(heldFor(staffName)).toEqual([]);
    browseAs(dealer.name);

    act(() => actor.send({ type: 'session.stopImpersonating' }));
    expect(heldFor(dealer.name)).toEqual([]);
    await waitFor(() => expect(actor.getSnapshot().matches({ signedIn: { role: 'staff' } })).toBe(true));

    await actAs(retailer.accountId, retailer.name);
    expect(heldFor(dealer.name)).toEqual([]);
    expect(shownToOthers(dealer.name)).toEqual([]);
    expect(shownToOthers(staffName)).toEqual([]);
    view.unmount();
  });

  it("a renewal that brings another tab's different account", async () => {
    const { session, browseAs, heldFor, shownToOthers, view } = mount();
    await waitFor(() => expect(session().actor.getSnapshot().matches('anonymous')).toBe(true));
    const { actor, api } = session();
    await signedInAs(actor, await signIn(t.app, dealer.email), dealer.name);
    browseAs(dealer.name);
    // A day later this tab's access token has expired, and another tab has signed the retailer in meanwhile:
    // the next call renews, and adopts that session.
    t.clock.now = new Date(Date.now() + 25 * 3_600_000);
    writeStoredTokens(await signIn(t.app, retailer.email));
    await expect(api.call('userInfo')).resolves.toMatchObject({ name: retailer.name });
    await waitFor(() => expect(actor.getSnapshot().context.user?.name).toBe(retailer.name));
    expect(heldFor(dealer.name)).toEqual([]);
    expect(shownToOthers(dealer.name)).toEqual([]);
    view.unmount();
  });
});
