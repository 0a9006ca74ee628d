import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiClient } from './api/api-client';
import { captchaTokenSource } from './captcha/captcha-token-source';
import { createAppRouter } from './router';
import { SessionActorContext, SessionProvider, useApi } from './session/session-context';

function RoutedApp({ queryClient }: { queryClient: QueryClient }) {
  const session = SessionActorContext.useActorRef();
  const api = useApi();
  const [router] = useState(() => createAppRouter({ queryClient, api, session }));
  return <RouterProvider router={router} />;
}

export function App({ api }: { api: ApiClient }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
  );
  const [captchaToken] = useState(() => captchaTokenSource(api));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider api={api} captchaToken={captchaToken}>
        <RoutedApp queryClient={queryClient} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
