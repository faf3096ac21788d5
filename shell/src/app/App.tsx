import { useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from '@store/router';
import { queryClient as pageQueryClient, QueryClientProvider, type QueryClient } from '@store/http';
import { StoreToaster, UiProvider } from '@store/ui';
import { AppRoutes } from './router';

/**
 * The store's whole page. The shell's server renders it with its own router (the request's location)
 * and query cache (one per request); the browser with the page's.
 */
export function App({
  client = pageQueryClient,
  router: Router = BrowserRouter,
  onHydrated,
}: {
  client?: QueryClient;
  router?: ComponentType<{ children: ReactNode }>;
  /** Called once the server's HTML is hydrated (its controls then answer). */
  onHydrated?: () => void;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <UiProvider>
      <QueryClientProvider client={client}>
        <Router>
          <AppRoutes />
        </Router>
        <StoreToaster />
      </QueryClientProvider>
    </UiProvider>
  );
}
