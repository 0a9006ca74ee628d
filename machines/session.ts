import { assign, fromPromise, setup } from 'xstate';
import type { UserInfo } from '../src/contract/account';
import type { AuthResult } from '../src/contract/auth';
import { present } from './present';

/** SPEC.md §9: refresh 300 s before expiry, never sooner than 300 s from now. */
export const REFRESH_LEAD_MS = 300_000;
export const MINIMUM_REFRESH_DELAY_MS = 300_000;

export interface SessionTokens {
  readonly token: string;
  readonly refreshToken: string;
  /** The staff member's own token while impersonating (sent as X-Impersonator-Token). */
  readonly impersonatorToken: string | null;
  /** The staff member's refresh token, to return to the staff session. */
  readonly impersonatorRefresherToken: string | null;
}

/** What a stored session restores to: tokens, how long the access token still lives, and who it is. */
export interface RestoredSession {
  readonly tokens: SessionTokens;
  readonly expiresInMs: number;
  readonly user: UserInfo;
}

/** A renewed session: the new tokens and who they belong to (another tab may have signed someone else in). */
export interface RefreshedSession {
  readonly result: AuthResult;
  readonly user: UserInfo;
}

/** Whether two users are the same signed-in identity (the same account, as themselves or acted for by staff). */
export function isSameIdentity(a: UserInfo | null, b: UserInfo): boolean {
  return (
    a !== null &&
    a.sapCode === b.sapCode &&
    a.name === b.name &&
    a.isStaffMember === b.isStaffMember &&
    a.isImpersonating === b.isImpersonating
  );
}

export interface SessionContext {
  tokens: SessionTokens | null;
  /** Lifetime left of the access token when it was last stored; the refresh is scheduled from it. */
  expiresInMs: number;
  user: UserInfo | null;
  /** Where to go after signing in (SPEC.md §3 Auth result), cleared on sign-out. */
  returnUrl: string | null;
  /** Why the last attempt to start a session (impersonation) failed, for the page to show. */
  error: string | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; result: AuthResult; returnUrl?: string | null }
  | { type: 'session.impersonate'; token: string }
  | { type: 'session.signOut' }
  | { type: 'session.unauthorized' }
  | { type: 'session.stopImpersonating' }
  | { type: 'session.cookieChecked'; cookieToken: string | null }
  | { type: 'session.dismissError' };

/** The delay before the scheduled refresh: expiry minus 5 minutes, at least 5 minutes. */
export function refreshDelayMs(expiresInMs: number): number {
  return Math.max(expiresInMs - REFRESH_LEAD_MS, MINIMUM_REFRESH_DELAY_MS);
}

export function tokensFrom(result: AuthResult, previous: SessionTokens | null = null): SessionTokens {
  return {
    token: result.token,
    refreshToken: result.refreshToken,
    impersonatorToken: result.impersonatorToken ?? previous?.impersonatorToken ?? null,
    impersonatorRefresherToken: result.impersonatorRefresherToken ?? previous?.impersonatorRefresherToken ?? null,
  };
}

/** The tokens of a session that is loading its user, refreshing or being saved: every way into those states stores them. */
function heldTokens(context: SessionContext): SessionTokens {
  return present(context.tokens, 'The session tokens');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'An error has occurred';
}

const signedOutContext = { tokens: null, user: null, expiresInMs: 0, returnUrl: null } as const;

/**
 * The session (SPEC.md §4 'Session', DESIGN.md §7): checking a stored session, anonymous, signed in as a
 * customer, a staff member or staff acting as a customer, with a refresh region inside signedIn, and
 * signedOut on the way back to anonymous. Storage, cookies, reloads and API calls are supplied with .provide().
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: fromPromise<RestoredSession | null>(async () => null),
    loadUser: fromPromise<UserInfo, { tokens: SessionTokens }>(async () => {
      throw new Error('loadUser not provided');
    }),
    refreshTokens: fromPromise<RefreshedSession, { tokens: SessionTokens }>(async () => {
      throw new Error('refreshTokens not provided');
    }),
    impersonate: fromPromise<AuthResult, { token: string }>(async () => {
      throw new Error('impersonate not provided');
    }),
  },
  actions: {
    storeSignIn: assign(({ event }) =>
      event.type === 'session.signIn'
        ? {
            tokens: tokensFrom(event.result),
            expiresInMs: event.result.cookieExpiry * 60_000,
            returnUrl: event.returnUrl ?? event.result.returnUrl,
            error: null,
          }
        : {},
    ),
    storeRestored: assign((_, params: { session: RestoredSession | null }) =>
      params.session
        ? { tokens: params.session.tokens, expiresInMs: params.session.expiresInMs, user: params.session.user }
        : {},
    ),
    storeUser: assign((_, params: { user: UserInfo }) => ({ user: params.user })),
    storeAuthResult: assign(({ context }, params: { result: AuthResult }) => ({
      tokens: tokensFrom(params.result, context.tokens),
      expiresInMs: params.result.cookieExpiry * 60_000,
      returnUrl: params.result.returnUrl ?? context.returnUrl,
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    clearError: assign({ error: null }),
    /** The tokens now belong to someone else: who they are is not known until loadUser answers. */
    forgetUser: assign({ user: null }),
    switchToImpersonator: assign(({ context }) => ({
      tokens:
        context.tokens?.impersonatorToken && context.tokens.impersonatorRefresherToken
          ? {
              token: context.tokens.impersonatorToken,
              refreshToken: context.tokens.impersonatorRefresherToken,
              impersonatorToken: null,
              impersonatorRefresherToken: null,
            }
          : null,
      user: null,
      returnUrl: '/staff',
    })),
    clearSession: assign(signedOutContext),
    /** Saves the tokens, their expiry and the token cookie (so other tabs notice). */
    persistSession: (_, _params: { tokens: SessionTokens; expiresInMs: number }) => undefined,
    /** Removes every token, the token cookie and the remembered returnUrl, and ends the session on the server. */
    forgetSession: (_, _params: { tokens: SessionTokens | null }) => undefined,
    /** Ends the customer's session on the server when staff stop acting as the customer, so it cannot be renewed. */
    endCustomerSession: (_, _params: { refreshToken: string | null }) => undefined,
    /**
     * Who is signed in changes (sign-in, sign-out, impersonation either way, a renewal that brings another account):
     * empties the query cache and every stored piece of the previous user's data, before any view renders for the next.
     */
    forgetUserData: () => undefined,
    /** Another tab signed in or out: start again from what is stored. */
    reloadPage: () => undefined,
  },
  guards: {
    isRestored: (_, params: { session: RestoredSession | null }) => params.session !== null,
    holdsSession: ({ context }) => context.tokens !== null || context.user !== null,
    isSameAccount: ({ context }, params: { user: UserInfo }) => isSameIdentity(context.user, params.user),
    isStaffUser: ({ context }) => context.user?.isStaffMember === true && !context.user.isImpersonating,
    isImpersonatingUser: ({ context }) => context.user?.isImpersonating === true,
    canReturnToStaff: ({ context }) =>
      context.tokens?.impersonatorToken != null && context.tokens.impersonatorRefresherToken != null,
    cookieDiffers: ({ context, event }) =>
      event.type === 'session.cookieChecked' && event.cookieToken !== (context.tokens?.token ?? null),
  },
  delays: {
    refreshLead: ({ context }) => refreshDelayMs(context.expiresInMs),
  },
}).createMachine({
  id: 'session',
  context: { tokens: null, expiresInMs: 0, user: null, returnUrl: null, error: null },
  initial: 'checking',
  on: {
    'session.impersonate': { target: '.startingImpersonation' },
    'session.dismissError': { actions: 'clearError' },
  },
  states: {
    checking: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'isRestored', params: ({ event }) => ({ session: event.output }) },
            target: 'signedIn',
            actions: { type: 'storeRestored', params: ({ event }) => ({ session: event.output }) },
          },
          // Back from a failed impersonation with nothing stored: whoever was signed in before is gone too.
          { guard: 'holdsSession', target: 'signedOut' },
          { target: 'anonymous' },
        ],
        onError: [{ guard: 'holdsSession', target: 'signedOut' }, { target: 'anonymous' }],
      },
    },
    anonymous: {
      on: {
        'session.signIn': { target: 'loadingUser', actions: ['storeSignIn', 'forgetUserData'] },
        'session.cookieChecked': { guard: 'cookieDiffers', actions: 'reloadPage' },
      },
    },
    startingImpersonation: {
      invoke: {
        id: 'impersonate',
        src: 'impersonate',
        input: ({ event }) => ({ token: event.type === 'session.impersonate' ? event.token : '' }),
        onDone: {
          target: 'loadingUser',
          actions: [
            { type: 'storeAuthResult', params: ({ event }) => ({ result: event.output }) },
            'forgetUser',
            'forgetUserData',
          ],
        },
        onError: {
          target: 'checking',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingUser: {
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ tokens: heldTokens(context) }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
            {
              type: 'persistSession',
              params: ({ context }) => ({ tokens: heldTokens(context), expiresInMs: context.expiresInMs }),
            },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        'session.signOut': { target: 'signedOut' },
        'session.cookieChecked': { guard: 'cookieDiffers', actions: 'reloadPage' },
      },
      states: {
        role: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                { guard: 'isStaffUser', target: 'staff' },
                { guard: 'isImpersonatingUser', target: 'impersonating' },
                { target: 'customer' },
              ],
            },
            customer: {},
            staff: {},
            impersonating: {
              on: {
                'session.stopImpersonating': [
                  {
                    guard: 'canReturnToStaff',
                    target: '#session.loadingUser',
                    actions: [
                      {
                        type: 'endCustomerSession',
                        params: ({ context }) => ({ refreshToken: context.tokens?.refreshToken ?? null }),
                      },
                      'switchToImpersonator',
                      'forgetUserData',
                    ],
                  },
                  { target: '#session.signedOut' },
                ],
              },
            },
          },
        },
        refresh: {
          initial: 'scheduled',
          states: {
            scheduled: {
              after: { refreshLead: { target: 'refreshing' } },
              on: { 'session.unauthorized': { target: 'refreshing' } },
            },
            refreshing: {
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                input: ({ context }) => ({ tokens: heldTokens(context) }),
                onDone: [
                  {
                    guard: { type: 'isSameAccount', params: ({ event }) => ({ user: event.output.user }) },
                    target: 'scheduled',
                    actions: [
                      { type: 'storeAuthResult', params: ({ event }) => ({ result: event.output.result }) },
                      {
                        type: 'persistSession',
                        params: ({ context }) => ({
                          tokens: heldTokens(context),
                          expiresInMs: context.expiresInMs,
                        }),
                      },
                    ],
                  },
                  {
                    target: '#session.signedIn',
                    reenter: true,
                    actions: [
                      { type: 'storeAuthResult', params: ({ event }) => ({ result: event.output.result }) },
                      { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
                      'forgetUserData',
                      {
                        type: 'persistSession',
                        params: ({ context }) => ({
                          tokens: heldTokens(context),
                          expiresInMs: context.expiresInMs,
                        }),
                      },
                    ],
                  },
                ],
                onError: { target: '#session.signedOut' },
              },
            },
          },
        },
      },
    },
    signedOut: {
      entry: [
        { type: 'forgetSession', params: ({ context }) => ({ tokens: context.tokens }) },
        'forgetUserData',
        'clearSession',
      ],
      always: { target: 'anonymous' },
    },
  },
});
