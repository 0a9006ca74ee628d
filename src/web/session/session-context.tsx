import '../zod-jitless';
import { QueryClientContext } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { type ReactNode, createContext, useContext, useEffect, useMemo } from 'react';
import { type ActorRefFrom, type InspectionEvent, type SnapshotFrom, fromPromise, waitFor } from 'xstate';
import {
  type RefreshedSession,
  type RestoredSession,
  type SessionTokens,
  sessionMachine,
  tokensFrom,
} from '../../../machines/session';
import type { AuthResult } from '../../contract/auth';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { actorOptions } from '../dev/actor-options';
import { clearTokenCookie, readTokenCookie, writeTimezoneCookie, writeTokenCookie } from './session-cookies';
import { readStoredSession, writeReturnUrl, writeStoredSession } from './token-storage';
import { forgetUserData } from './user-data';

export const SessionActorContext = createActorContext(sessionMachine);
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const ApiContext = createContext<ApiClient | null>(null);

/** The query parameter staff arrive with to act as a customer (SPEC.md §2). */
export const IMPERSONATION_TOKEN_PARAM = 'token';

/**
 * Where the captcha token for Authenticate/Impersonate comes from. Without reCAPTCHA keys the server's local
 * verifier accepts any non-empty token; the forms issue supplies the real reCAPTCHA v3 script.
 */
export type CaptchaTokenSource = (action: string) => Promise<string>;
const localCaptchaToken: CaptchaTokenSource = async () => 'local-captcha';

function clientFor(base: ApiClient, tokens: SessionTokens): ApiClient {
  return base.withCredentials({
    token: () => tokens.token,
    impersonatorToken: () => tokens.impersonatorToken,
    refresh: async () => false,
  });
}

/**
 * Redeeming an impersonation link needs the session of the staff member who made it: the one this browser keeps
 * (their own token, or while already acting as a customer, their impersonator token).
 */
function staffClient(base: ApiClient): ApiClient {
  const stored = readStoredSession()?.tokens;
  const staffToken = stored ? (stored.impersonatorToken ?? stored.token) : null;
  return base.withCredentials({ token: () => staffToken, impersonatorToken: () => null, refresh: async () => false });
}

// The cookie is written before the storage: other tabs check the cookie when the storage event reaches them.
function persist(tokens: SessionTokens, expiresInMs: number): void {
  writeTokenCookie(tokens.token, expiresInMs / 1000);
  writeStoredSession({ tokens, expiresAt: Date.now() + expiresInMs });
}

function forget(): void {
  clearTokenCookie();
  writeStoredSession(null);
  writeReturnUrl(null);
}

/** Tells the server the refresh tokens are done with; the browser has already forgotten them either way. */
function endOnServer(api: ApiClient, tokens: SessionTokens | null): void {
  for (const refreshToken of [tokens?.refreshToken, tokens?.impersonatorRefresherToken]) {
    if (refreshToken) void api.call('logout', { body: { refreshToken } }).catch(() => undefined);
  }
}

/**
 * Renews the tokens once for all tabs: refreshes are serialised with a Web Lock, and a tab that finds the stored
 * session already renewed by another adopts it instead of spending its own, now used, refresh token (which the
 * server would take for a replay and end the session everywhere).
 */
async function refreshOnce(api: ApiClient, tokens: SessionTokens): Promise<AuthResult> {
  const renew = async (): Promise<AuthResult> => {
    const stored = readStoredSession();
    if (stored && stored.tokens.refreshToken !== tokens.refreshToken && stored.expiresAt > Date.now()) {
      return {
        ...stored.tokens,
        cookieExpiry: Math.max(1, Math.floor((stored.expiresAt - Date.now()) / 60_000)),
        isStaffMember: false,
        returnUrl: null,
      };
    }
    return api.call('tokenRefresh', { body: { token: tokens.token, refreshToken: tokens.refreshToken } });
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('yhi.session.refresh', renew) : renew();
}

/** Renews the tokens and asks who they belong to: a session adopted from another tab may be someone else's. */
async function renew(api: ApiClient, tokens: SessionTokens): Promise<RefreshedSession> {
  const result = await refreshOnce(api, tokens);
  const user = await clientFor(api, tokensFrom(result, tokens)).call('userInfo');
  return { result, user };
}

/**
 * A stored session, checked with the server. An expired access token is renewed once with the stored
 * refresh token; when that fails too the stored session is forgotten.
 */
async function restore(api: ApiClient): Promise<RestoredSession | null> {
  const stored = readStoredSession();
  if (!stored) return null;
  try {
    const user = await clientFor(api, stored.tokens).call('userInfo');
    writeTokenCookie(stored.tokens.token, (stored.expiresAt - Date.now()) / 1000);
    return { tokens: stored.tokens, expiresInMs: Math.max(0, stored.expiresAt - Date.now()), user };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
  }
  try {
    const result = await refreshOnce(api, stored.tokens);
    const tokens = tokensFrom(result, stored.tokens);
    const user = await clientFor(api, tokens).call('userInfo');
    persist(tokens, result.cookieExpiry * 60_000);
    return { tokens, expiresInMs: result.cookieExpiry * 60_000, user };
  } catch {
    forget();
    return null;
  }
}

type SessionActorOverrides = Partial<NonNullable<Parameters<typeof sessionMachine.provide>[0]['actors']>>;

export interface SessionProviderProps {
  readonly api: ApiClient;
  readonly children: ReactNode;
  readonly captchaToken?: CaptchaTokenSource;
  /** Called when another tab signed in or out (default: reload the page). */
  readonly reload?: () => void;
  /** Tests: actors that replace the app's (the model-based UI test settles them itself). */
  readonly actors?: SessionActorOverrides;
  /** Tests: observes every microstep of the session actor. */
  readonly inspect?: (event: InspectionEvent) => void;
}

/** Runs the session machine for the whole app, with storage, cookies and the API supplied as its side effects. */
export function SessionProvider({
  api,
  children,
  captchaToken = localCaptchaToken,
  reload,
  actors,
  inspect,
}: SessionProviderProps) {
  // The app's query cache, when there is one: the session empties it whenever who is signed in changes.
  const queryClient = useContext(QueryClientContext) ?? null;
  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actors: {
          restoreSession: fromPromise(() => restore(api)),
          loadUser: fromPromise(async ({ input }) => clientFor(api, input.tokens).call('userInfo')),
          refreshTokens: fromPromise(({ input }) => renew(api, input.tokens)),
          impersonate: fromPromise(async ({ input }) =>
            staffClient(api).call('impersonate', {
              body: { token: input.token, captchaToken: await captchaToken('submit') },
            }),
          ),
          ...actors,
        },
        actions: {
          persistSession: (_, params) => persist(params.tokens, params.expiresInMs),
          forgetSession: (_, params) => {
            forget();
            endOnServer(api, params.tokens);
          },
          endCustomerSession: (_, params) => {
            if (params.refreshToken)
              void api.call('logout', { body: { refreshToken: params.refreshToken } }).catch(() => undefined);
          },
          forgetUserData: () => forgetUserData(queryClient),
          reloadPage: () => (reload ?? (() => window.location.reload()))(),
        },
      }),
    [api, captchaToken, reload, actors, queryClient],
  );
  const options = useMemo(() => ({ ...actorOptions('session'), ...(inspect ? { inspect } : {}) }), [inspect]);
  return (
    <SessionActorContext.Provider logic={logic} options={options}>
      <SessionWatchers />
      <SessionApiProvider api={api}>{children}</SessionApiProvider>
    </SessionActorContext.Provider>
  );
}

/** Feeds the session what happens outside it: a ?token= arrival, and the token cookie other tabs write. */
function SessionWatchers() {
  const session = SessionActorContext.useActorRef();

  useEffect(() => {
    writeTimezoneCookie();
    const url = new URL(window.location.href);
    const token = url.searchParams.get(IMPERSONATION_TOKEN_PARAM);
    if (!token) return;
    url.searchParams.delete(IMPERSONATION_TOKEN_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    session.send({ type: 'session.impersonate', token });
  }, [session]);

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      session.send({ type: 'session.cookieChecked', cookieToken: readTokenCookie() });
    };
    window.addEventListener('focus', check);
    window.addEventListener('storage', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      window.removeEventListener('storage', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [session]);

  return null;
}

const isRefreshing = (snapshot: SessionSnapshot) => snapshot.matches({ signedIn: { refresh: 'refreshing' } });
const knowsWhoIsSignedIn = (snapshot: SessionSnapshot) => snapshot.matches('anonymous') || snapshot.matches('signedIn');

/**
 * The app's API client: every call waits until the session knows who is signed in, then carries the session's
 * token and impersonator token. A 401 renews the token once per rejected token however many calls it rejected
 * (a call whose token has already been replaced just retries), through the machine, which signs out when that fails.
 */
export function sessionApiClient(api: ApiClient, session: SessionActorRef): ApiClient {
  return api.withCredentials({
    token: () => session.getSnapshot().context.tokens?.token ?? null,
    impersonatorToken: () => session.getSnapshot().context.tokens?.impersonatorToken ?? null,
    ready: async () => {
      if (!knowsWhoIsSignedIn(session.getSnapshot())) await waitFor(session, knowsWhoIsSignedIn);
    },
    refresh: async (rejectedToken) => {
      const snapshot = session.getSnapshot();
      if (!snapshot.matches('signedIn')) return false;
      if (!isRefreshing(snapshot)) {
        if (snapshot.context.tokens?.token !== rejectedToken) return true;
        session.send({ type: 'session.unauthorized' });
      }
      const settled = await waitFor(session, (s) => !isRefreshing(s));
      return settled.matches('signedIn') && settled.context.tokens?.token !== rejectedToken;
    },
  });
}

function SessionApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  const session = SessionActorContext.useActorRef();
  const client = useMemo(() => sessionApiClient(api, session), [api, session]);
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The API client carrying the session's tokens. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside SessionProvider');
  return client;
}

export type SessionStatus = 'checking' | 'anonymous' | 'signedIn';

export function useSessionStatus(): SessionStatus {
  return SessionActorContext.useSelector((snapshot) =>
    snapshot.matches('signedIn') ? 'signedIn' : snapshot.matches('anonymous') ? 'anonymous' : 'checking',
  );
}

export function useCurrentUser() {
  return SessionActorContext.useSelector((snapshot) => snapshot.context.user);
}

export type SessionRole = 'customer' | 'staff' | 'impersonating' | null;

/** Which kind of signed-in session this is, as the machine decided it. */
export function useSessionRole(): SessionRole {
  return SessionActorContext.useSelector((snapshot) =>
    snapshot.matches({ signedIn: { role: 'impersonating' } })
      ? 'impersonating'
      : snapshot.matches({ signedIn: { role: 'staff' } })
        ? 'staff'
        : snapshot.matches({ signedIn: { role: 'customer' } })
          ? 'customer'
          : null,
  );
}

/** Why the last attempt to start a session failed (an expired impersonation link, say). */
export function useSessionError(): string | null {
  return SessionActorContext.useSelector((snapshot) => snapshot.context.error);
}

/** Where to go after signing in, as the session remembers it. */
export function useSessionReturnUrl(): string | null {
  return SessionActorContext.useSelector((snapshot) => snapshot.context.returnUrl);
}
