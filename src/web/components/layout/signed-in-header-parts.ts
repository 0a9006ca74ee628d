import { readStoredSession } from '../../session/token-storage';
import { preloadable } from './preloadable';

/** The signed-in header's chunk (signed-in-header.tsx); the sign-in form asks for it early, so it is there on arrival. */
export const signedInHeader = preloadable(() => import('./signed-in-header'));

/**
 * Whether the signed-in header is wanted yet: for a signed-in user, and already while a stored session is being
 * checked, so the chunk arrives with the session's answer. A visitor, with no stored session, never fetches it.
 */
export function wantsSignedInHeader(status: 'checking' | 'anonymous' | 'signedIn'): boolean {
  return status === 'signedIn' || (status === 'checking' && readStoredSession() !== null);
}
