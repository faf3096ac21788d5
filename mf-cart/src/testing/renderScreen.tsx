import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from '@store/router';
import { renderWithProviders } from '@store/testing';

/** Where a link or a redirect went, printed in place of the screen. */
function CurrentLocation() {
  const location = useLocation();
  return <p>Now at {location.pathname}</p>;
}

/** Renders `screen` at `path` as the shell hosts it; every other path prints where it is. */
export function renderScreen(screen: ReactElement, { path = '/cart' }: { path?: string } = {}) {
  // RequireSignIn remembers the page from window.location: keep it on the same page as the router.
  window.history.replaceState(null, '', path);
  return renderWithProviders(
    <Routes>
      <Route path={path} element={screen} />
      <Route path="*" element={<CurrentLocation />} />
    </Routes>,
    { route: path, probe: null },
  );
}
