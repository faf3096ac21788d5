import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from '@store/router';
import { configureHttp, queryClient, QueryClientProvider } from '@store/http';
import { startTestServer, type Handler } from '@store/http/test-server';
import { sessionStore } from '@store/session';
import { UiProvider } from '@store/ui';

/** Renders a screen the way the shell does: theme, the shared query cache and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

/** A real loopback API for the screen under test; every call of `packages/http` goes to it. */
export async function startApi(handler: Handler) {
  const server = await startTestServer(handler);
  configureHttp({ baseURL: server.baseURL, retryDelayMs: 1 });
  return {
    ...server,
    /** The recorded calls as `METHOD /api/path`, without CORS preflights. */
    calls: () => server.requests.map((r) => `${r.method} ${r.url}`),
    /** The JSON body of the first call to `METHOD /api/path`. */
    bodyOf: (call: string): unknown => {
      const request = server.requests.find((r) => `${r.method} ${r.url}` === call);
      return request ? JSON.parse(request.body) : undefined;
    },
  };
}
export type TestApi = Awaited<ReturnType<typeof startApi>>;

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const ACCESS_TOKEN = `a.${base64url('{"role":"REGULAR"}')}.s`;

export function signIn() {
  sessionStore.getState().login({ access: ACCESS_TOKEN, refresh: 'r' });
}

/** The shared singletons a screen touches, back to a signed-out, empty page. */
export function resetSession() {
  sessionStore.getState().logout();
  sessionStore.getState().closeDialog();
  queryClient.clear();
}
