import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { injectFetch } from './inject-fetch';
import type { TestApp } from './test-app';

/**
 * Renders the whole web app at `path`, talking to the real server of `t`. With `session`, the
 * browser starts with that signed-in session stored, as after a login in an earlier visit.
 * `onRequest` hears the path of every API request the app makes.
 */
export function renderApp(t: TestApp, path: string, session?: AuthResult, onRequest?: (path: string) => void) {
  if (session) {
    writeStoredTokens({
      token: session.token,
      refreshToken: session.refreshToken,
      impersonatorToken: session.impersonatorToken,
    });
  }
  // The router restores scroll positions; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  window.history.replaceState(null, '', path);
  const served = injectFetch(t.app);
  const fetch: typeof globalThis.fetch = (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    onRequest?.(new URL(href, 'http://localhost').pathname);
    return served(input, init);
  };
  const api = new ApiClient({ fetch, validateResponses: true });
  return render(<App api={api} />);
}
