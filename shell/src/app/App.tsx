import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from '@store/http';
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
