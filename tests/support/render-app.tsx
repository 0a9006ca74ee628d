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
 */
export function renderApp(t: TestApp, path: string, session?: AuthResult) {
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
  const api = new ApiClient({ fetch: injectFetch(t.app), validateResponses: true });
  return render(<App api={api} />);
}
