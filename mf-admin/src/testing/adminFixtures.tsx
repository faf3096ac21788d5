import { QueryClient, QueryClientProvider } from '@store/http';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@store/router';
import { sessionStore } from '@store/session';
import { UiProvider } from '@store/ui';

/** Test helpers shared by the admin remote's unit tests (not part of the build: only tests import it). */

/** base64url of the UTF-8 JSON, as a JWT encodes its parts. */
const base64url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

/** An access token as the API issues it: the role is a claim of its payload. */
export function accessToken(role: 'REGULAR' | 'ADMIN', claims: object = {}) {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: '1', role, ...claims })}.sig`;
}

export function signIn(role: 'REGULAR' | 'ADMIN') {
  sessionStore.getState().login({ access: accessToken(role), refresh: `refresh-${role}` });
}

/** Where the router is now (and what it was told about where the visitor came from). */
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

/** Renders routes the way the shell hosts the admin remote: theme, a fresh query cache, a router at `path`. */
export function renderAt(path: string, routes: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}>
          {routes}
          <CurrentLocation />
        </MemoryRouter>
      </UiProvider>
    </QueryClientProvider>,
  );
}

export function signOutEverywhere() {
  sessionStore.getState().logout();
  sessionStore.getState().closeDialog();
}
