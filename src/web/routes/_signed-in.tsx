import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SessionSpinner } from '../components/layout/spinner';
import { requireSignedIn } from '../guards/require-signed-in';

/** The pages for signed-in users: visitors are sent to /login with the page as returnUrl. */
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: requireSignedIn,
  pendingComponent: SessionSpinner,
  component: Outlet,
});
