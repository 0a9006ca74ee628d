import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session';
import type { ApiClient } from './api/api-client';
import { routeTree } from './route-tree.gen';

/** What every route's loader and beforeLoad can read. */
export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
  session: ActorRefFrom<typeof sessionMachine>;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
