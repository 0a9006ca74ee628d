import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { RouterContext } from '../router';

/**
 * beforeLoad of the back office: waits until the session has been checked, then sends anyone but a signed-in staff
 * member (a visitor, a customer, staff acting as a customer) to /staff/login with the page as returnUrl.
 */
export async function requireStaff({ context, location }: { context: RouterContext; location: ParsedLocation }) {
  const settled = await waitFor(
    context.session,
    (snapshot) => snapshot.matches('anonymous') || snapshot.matches('signedIn'),
  );
  if (!settled.matches({ signedIn: { role: 'staff' } })) {
    throw redirect({ to: '/staff/login', search: { returnUrl: location.href } });
  }
}
