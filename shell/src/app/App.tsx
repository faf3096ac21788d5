import { BrowserRouter } from '@store/router';
import { queryClient, QueryClientProvider } from '@store/http';
import { StoreToaster, UiProvider } from '@store/ui';
import { AppRoutes } from './router';

export function App() {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <StoreToaster />
      </QueryClientProvider>
    </UiProvider>
  );
}
