import { RouterProvider } from '@store/router';
import { queryClient, QueryClientProvider } from '@store/http';
import { StoreToaster, UiProvider } from '@store/ui';
import { router } from './router';

export function App() {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <StoreToaster />
      </QueryClientProvider>
    </UiProvider>
  );
}
