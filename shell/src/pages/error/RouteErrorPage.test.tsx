import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@store/router';
import { queryKeys, QueryClient, QueryClientProvider } from '@store/http';
import { UiProvider } from '@store/ui';
import { errorCopy } from './errorTypes';
import { LazyNotFoundPage } from '../not-found/LazyNotFoundPage';
import { RouteErrorBoundary } from './RouteErrorPage';

function Broken(): never {
  throw new Error('Widget exploded');
}

/** An error with an HTTP status, as a screen's data call may throw. */
function Unavailable(): never {
  throw { status: 503, statusText: 'Service Unavailable', internal: false, data: 'Back soon' };
}

function renderAt(path: string) {
  // As in the shell: the router sits inside the query cache (the 404 page lists the store's categories).
  const client = new QueryClient();
  client.setQueryData(queryKeys.categories, { data: [] });
  render(
    <UiProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <RouteErrorBoundary>
            <Routes>
              <Route path="/" element={<h1>Home page</h1>} />
              <Route path="/broken" element={<Broken />} />
              <Route path="/down" element={<Unavailable />} />
              <Route path="/gone" element={<Gone />} />
              <Route path="*" element={<LazyNotFoundPage />} />
            </Routes>
          </RouteErrorBoundary>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

function Gone(): never {
  throw { status: 404, data: 'No such thing' };
}

afterEach(() => jest.restoreAllMocks());

describe('RouteErrorPage', () => {
  it('shows the 404 page for a path no route matches', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
  });

  it('shows the 404 page for an error with a 404 status', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/gone');
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
  });

  it('shows the error page for the status of an error response', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/down');
    expect(await screen.findByRole('heading', { level: 1, name: errorCopy.maintenance.title })).toBeInTheDocument();
    expect(screen.getByText(`${errorCopy.maintenance.subtitle} (503)`)).toBeInTheDocument();
  });

  it('shows the generic error page, with the error in the technical details, when a screen throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/broken');
    expect(await screen.findByRole('heading', { level: 1, name: errorCopy.general.title })).toBeInTheDocument();
    expect(screen.getByText(/Error: Widget exploded/)).toBeInTheDocument();
  });
});
