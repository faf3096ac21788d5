import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@store/router';
import { queryClient, QueryClientProvider } from '@store/http';
import { StoreToaster, UiProvider } from '@store/ui';

/** Prints where the router is, so a test can read navigation the way a user reads the address bar. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current location">{`${pathname}${search}`}</output>;
}

export interface RenderOptions {
  /** The address the page starts at. */
  route?: string;
  /** Earlier history entries, so Go Back has somewhere to go. */
  history?: string[];
  /** Other routes, each showing a heading with its text, e.g. `{ '/': 'Home page' }`. */
  pages?: Record<string, string>;
}

/**
 * Renders like the shell does: the real theme, the shared query client, a router and the toaster.
 * `ui` answers every path that `pages` does not.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', history = [], pages = {} }: RenderOptions = {}) {
  const entries = [...history, route];
  return render(
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          <Routes>
            {Object.entries(pages).map(([path, text]) => (
              <Route key={path} path={path} element={<h1>{text}</h1>} />
            ))}
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <StoreToaster />
      </QueryClientProvider>
    </UiProvider>,
  );
}
