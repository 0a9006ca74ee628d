import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UserInfo } from '../../src/contract/account';
import type { AuthResult } from '../../src/contract/auth';
import { type RestoredSession, type SessionContext, refreshDelayMs, sessionMachine } from '../../machines/session';
import { type SpecAssertions, createMachineModel } from './support/model-harness';

function user(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    isLoggedIn: true,
    name: 'Dana Dealer',
    sapCode: 'C10001',
    isMarshalKeyDealer: true,
    isAssociateDealer: false,
    hasPitPass: false,
    isStaffMember: false,
    isRestrictedSalesRetailer: false,
    isImpersonating: false,
    useTabNavigation: true,
    accountName: 'Dealer Tyres',
    impersonatorName: null,
    role: 'owner',
    canPayInvoices: true,
    ...overrides,
  };
}

const customerUser = user();
const staffUser = user({ name: 'Sam Staff', sapCode: '', isStaffMember: true, isMarshalKeyDealer: false });
const actingUser = user({ isImpersonating: true });
const otherCustomer = user({ name: 'Rae Retailer', sapCode: 'C10002' });

function result(overrides: Partial<AuthResult> = {}): AuthResult {
  return {
    token: 'access-1',
    cookieExpiry: 1440,
    refreshToken: 'refresh-1',
    isStaffMember: false,
    impersonatorToken: null,
    impersonatorRefresherToken: null,
    returnUrl: null,
    ...overrides,
  };
}

const impersonation = result({
  token: 'acting-1',
  refreshToken: 'acting-refresh-1',
  impersonatorToken: 'staff-1',
  impersonatorRefresherToken: 'staff-refresh-1',
  returnUrl: '/home',
});

const restoredCustomer: RestoredSession = {
  tokens: {
    token: 'stored-1',
    refreshToken: 'stored-refresh-1',
    impersonatorToken: null,
    impersonatorRefresherToken: null,
  },
  expiresInMs: 60_000,
  user: customerUser,
};

/** SPEC.md §4 'Session' and §9, per state: what the browser holds and what it asked the server. */
const sessionSpec: SpecAssertions = {
  // Logout clears all tokens and the returnUrl: nobody is remembered while anonymous.
  anonymous: ({ snapshot }) => {
    const context = snapshot.context as SessionContext;
    expect(context).toMatchObject({ tokens: null, user: null, returnUrl: null });
  },
  // Signed in means a token and the user it belongs to.
  signedIn: ({ snapshot }) => {
    const context = snapshot.context as SessionContext;
    expect(context.tokens?.token).toEqual(expect.any(String));
    expect(context.user).not.toBeNull();
  },
  // Who the user is comes from the server, asked with the session's own tokens.
  loadingUser: ({ snapshot, sent }) => {
    expect(sent.at(-1)).toEqual({ src: 'loadUser', input: { tokens: (snapshot.context as SessionContext).tokens } });
  },
  // A refresh renews the tokens the session holds.
  'signedIn.refresh.refreshing': ({ snapshot, sent }) => {
    expect(sent.at(-1)).toEqual({
      src: 'refreshTokens',
      input: { tokens: (snapshot.context as SessionContext).tokens },
    });
  },
  // The role shown is the user's: staff on their own, staff acting for a customer, or a customer.
  'signedIn.role.staff': ({ snapshot }) =>
    expect((snapshot.context as SessionContext).user).toMatchObject({ isStaffMember: true, isImpersonating: false }),
  'signedIn.role.impersonating': ({ snapshot }) =>
    expect((snapshot.context as SessionContext).user?.isImpersonating).toBe(true),
  'signedIn.role.customer': ({ snapshot }) =>
    expect((snapshot.context as SessionContext).user).toMatchObject({ isStaffMember: false, isImpersonating: false }),
};

const model = createMachineModel(sessionMachine, {
  spec: sessionSpec,
  events: [
    { type: 'xstate.done.actor.restoreSession', output: null },
    { type: 'xstate.done.actor.restoreSession', output: restoredCustomer },
    { type: 'xstate.error.actor.restoreSession', error: new Error('storage unreadable') },
    { type: 'session.signIn', result: result(), returnUrl: '/tyres' },
    { type: 'session.impersonate', token: 'one-time' },
    { type: 'xstate.done.actor.impersonate', output: impersonation },
    { type: 'xstate.error.actor.impersonate', error: new Error('This link has expired.') },
    { type: 'xstate.done.actor.loadUser', output: customerUser },
    { type: 'xstate.done.actor.loadUser', output: staffUser },
    { type: 'xstate.done.actor.loadUser', output: actingUser },
    { type: 'xstate.error.actor.loadUser', error: new Error('401') },
    {
      type: 'xstate.done.actor.refreshTokens',
      output: { result: result({ token: 'access-2', refreshToken: 'refresh-2' }), user: customerUser },
    },
    {
      type: 'xstate.done.actor.refreshTokens',
      output: { result: result({ token: 'other-2', refreshToken: 'other-refresh-2' }), user: otherCustomer },
    },
    { type: 'xstate.error.actor.refreshTokens', error: new Error('401') },
    { type: 'session.cookieChecked', cookieToken: null },
    { type: 'session.cookieChecked', cookieToken: 'from-another-tab' },
  ],
  describeEvent: (event) => {
    const type = event.type.startsWith('xstate.after.') ? 'xstate.after.refreshLead' : event.type;
    if ('output' in event) {
      const output = event.output as {
        name?: string;
        isImpersonating?: boolean;
        token?: string;
        user?: UserInfo;
      } | null;
      if (output?.user) return `${type}(for ${output.user.name})`;
      return `${type}(${output === null ? 'nothing' : output.isImpersonating ? 'acting' : (output.name ?? output.token ?? 'session')})`;
    }
    if ('cookieToken' in event) return `${type}(${String(event.cookieToken)})`;
    return type;
  },
});

describe('session machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThan(10);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('session side effects', () => {
  it('persists on sign-in, forgets and clears everything on sign-out', async () => {
    const persisted: unknown[] = [];
    const forgotten = vi.fn();
    const actor = createActor(
      sessionMachine.provide({
        actors: { loadUser: fromPromise(async () => customerUser) },
        actions: {
          persistSession: (_, params) => persisted.push(params),
          forgetSession: forgotten,
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('anonymous')).toBe(true));
    actor.send({ type: 'session.signIn', result: result(), returnUrl: '/wheels' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ signedIn: { role: 'customer' } })).toBe(true));
    expect(persisted).toEqual([{ tokens: expect.objectContaining({ token: 'access-1' }), expiresInMs: 86_400_000 }]);
    expect(actor.getSnapshot().context.returnUrl).toBe('/wheels');
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context).toMatchObject({ tokens: null, user: null, returnUrl: null });
    expect(forgotten).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('reloads the page only when the token cookie differs from the remembered token', async () => {
    const reload = vi.fn();
    const actor = createActor(sessionMachine.provide({ actions: { reloadPage: reload } })).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('anonymous')).toBe(true));
    actor.send({ type: 'session.cookieChecked', cookieToken: null });
    expect(reload).not.toHaveBeenCalled();
    actor.send({ type: 'session.cookieChecked', cookieToken: 'another-tab' });
    expect(reload).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('returns staff to their own session with the impersonator tokens and ends the customer session', async () => {
    const loaded: unknown[] = [];
    const ended: unknown[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actions: { endCustomerSession: (_, params) => ended.push(params.refreshToken) },
        actors: {
          impersonate: fromPromise(async () => impersonation),
          loadUser: fromPromise(async ({ input }) => {
            loaded.push(input.tokens);
            return input.tokens.impersonatorToken ? actingUser : staffUser;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'session.impersonate', token: 'one-time' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ signedIn: { role: 'impersonating' } })).toBe(true));
    actor.send({ type: 'session.stopImpersonating' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ signedIn: { role: 'staff' } })).toBe(true));
    expect(loaded.at(-1)).toEqual({
      token: 'staff-1',
      refreshToken: 'staff-refresh-1',
      impersonatorToken: null,
      impersonatorRefresherToken: null,
    });
    expect(actor.getSnapshot().context.returnUrl).toBe('/staff');
    expect(ended).toEqual([impersonation.refreshToken]);
    actor.stop();
  });
});

describe('refresh timing (SPEC.md §9)', () => {
  it('refreshes 5 minutes before expiry, never sooner than 5 minutes from now', () => {
    expect(refreshDelayMs(86_400_000)).toBe(86_100_000);
    expect(refreshDelayMs(600_000)).toBe(300_000);
    expect(refreshDelayMs(400_000)).toBe(300_000);
    expect(refreshDelayMs(0)).toBe(300_000);
  });

  it('schedules the refresh from the token lifetime on sign-in', async () => {
    vi.useFakeTimers();
    try {
      const refresh = vi.fn(async () => ({
        result: result({ token: 'access-2', refreshToken: 'refresh-2' }),
        user: customerUser,
      }));
      const actor = createActor(
        sessionMachine.provide({
          actors: { loadUser: fromPromise(async () => customerUser), refreshTokens: fromPromise(refresh) },
        }),
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'session.signIn', result: result({ cookieExpiry: 20 }) });
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(15 * 60_000 - 1);
      expect(refresh).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.tokens?.token).toBe('access-2');
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
