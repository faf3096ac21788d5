import type { ReactElement, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@store/router';
import { queryClient, QueryClientProvider } from '@store/http';
import { StoreToaster, UiProvider } from '@store/ui';

/** Prints where the router is, so a test can read navigation the way a user reads the address bar. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current location">{`${pathname}${search}`}</output>;
}

/** What the `LocationProbe` shows: path and query. */
export const currentLocation = () => screen.getByRole('status', { name: 'Current location' }).textContent;

export interface RenderOptions {
  /** The address the page starts at. */
  route?: string;
  /** Earlier history entries, so Go Back has somewhere to go. */
  history?: string[];
  /** Other routes, each showing a heading with its text, e.g. `{ '/': 'Home page' }`; `ui` answers the rest. */
  pages?: Record<string, string>;
  /** Shown beside the page inside the router: `<LocationProbe />` unless given, `null` for nothing. */
  probe?: ReactNode;
}

/** Renders `ui` the way the shell hosts a screen: the real theme, the page's one query cache, a router and the toaster. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', history = [], pages = {}, probe = <LocationProbe /> }: RenderOptions = {},
) {
  const entries = [...history, route];
  const others = Object.entries(pages);
  return render(
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          {others.length ? (
            <Routes>
              {others.map(([path, text]) => (
                <Route key={path} path={path} element={<h1>{text}</h1>} />
              ))}
              <Route path="*" element={ui} />
            </Routes>
          ) : (
            ui
          )}
          {probe}
        </MemoryRouter>
        <StoreToaster />
      </QueryClientProvider>
    </UiProvider>,
  );
}
