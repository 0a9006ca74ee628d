import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppShell } from '../components/layout/app-shell';
import { NotFoundPage } from '../components/layout/not-found-page';
import { SessionSpinner } from '../components/layout/spinner';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFoundPage,
  pendingComponent: SessionSpinner,
});
