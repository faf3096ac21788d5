import type { ReactElement } from 'react';
import { useLocation } from '@store/router';
import { renderWithProviders } from '@store/testing';

/** Where the router is now, and where RequireAdmin said the visitor came from (its `from` state). */
function CurrentLocation() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <p>
      Now at {location.pathname}
      {location.search}
      {from ? ` from ${from}` : ''}
    </p>
  );
}

/** Renders the admin remote's routes at `path` as the shell hosts them, telling where the router is and came from. */
export function renderAt(path: string, routes: ReactElement, { history = [] as string[] } = {}) {
  return renderWithProviders(routes, { route: path, history, probe: <CurrentLocation /> });
}
