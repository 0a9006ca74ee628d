import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { RouterContext } from '../router';

/**
 * beforeLoad of the pages for signed-in users: waits until the session has been checked, then
 * sends visitors to /login with the page they asked for as returnUrl.
 */
export async function requireSignedIn({ context, location }: { context: RouterContext; location: ParsedLocation }) {
  const settled = await waitFor(
    context.session,
    (snapshot) => snapshot.matches('anonymous') || snapshot.matches('signedIn'),
  );
  if (!settled.matches('signedIn')) {
    throw redirect({ to: '/login', search: { returnUrl: location.href } });
  }
}
