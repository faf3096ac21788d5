import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient, queryKeys, writeFlashMessage } from '@store/http';
import { sessionStore } from '@store/session';
import { closeTestServer, renderWithProviders, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { ShellLayout, WELCOME_DIALOG_KEY } from './ShellLayout';

let server: TestApi;

const cartLine = (id: number, quantity: number) => ({
  product: { id, name: `Product ${id}`, category: 'Shoes', type: 'SIMPLE', published: true, subscribers: 0 },
  variant: { id, sale_price: '0', regular_price: '10.00' },
  quantity,
});

let scrollTo: jest.SpyInstance;

beforeEach(async () => {
  // jsdom does not implement scrolling; the layout scrolls to the top on each new page.
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  server = await startApi((req) => {
    if (req.url === '/api/users/me')
      return {
        status: 200,
        body: { id: 1, email: 'ada@example.com', cart: { cart_items: [cartLine(1, 2), cartLine(2, 1)] } },
      };
    if (req.url === '/api/products/categories') return { status: 200, body: { data: [] } };
    return { status: 404 };
  });
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
  jest.restoreAllMocks();
});

describe('ShellLayout', () => {
  it('frames the page with the top bar, the main area and the footer', async () => {
    signIn();
    renderWithProviders(<ShellLayout />);
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('link', { name: 'Store home' }));
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toContainElement(screen.getByRole('button', { name: 'Subscribe' }));
  });

  it('opens the sign-in dialog for a signed-out visitor, once per browser session', async () => {
    const first = renderWithProviders(<ShellLayout />, { route: '/products' });
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(sessionStorage.getItem(WELCOME_DIALOG_KEY)).not.toBeNull();
    first.unmount();

    sessionStore.getState().closeDialog();
    renderWithProviders(<ShellLayout />, { route: '/' });
    expect(sessionStore.getState().dialog).toBeNull();
  });

  it.each(['/auth/login', '/admin/products'])('does not open it on %s', (route) => {
    renderWithProviders(<ShellLayout />, { route });
    expect(sessionStore.getState().dialog).toBeNull();
  });

  it('signed in, loads the profile and shows the server cart in the badge', async () => {
    signIn();
    renderWithProviders(<ShellLayout />);
    expect(await screen.findByRole('link', { name: 'Cart (3 items)' })).toBeInTheDocument();
    expect(server.requests.find((r) => r.url === '/api/users/me')?.authorization).toMatch(/^Bearer /);
    expect(sessionStore.getState().dialog).toBeNull();
  });

  it('signed out, does not load the profile', async () => {
    renderWithProviders(<ShellLayout />);
    await screen.findByRole('dialog', { name: 'Welcome Back' });
    // An enabled query would be fetching from the first render on.
    expect(queryClient.getQueryState(queryKeys.profile)?.fetchStatus).toBe('idle');
    expect(server.requests.filter((r) => r.url === '/api/users/me')).toEqual([]);
  });

  it('scrolls to the top when the path changes', async () => {
    const user = userEvent.setup();
    signIn();
    renderWithProviders(<ShellLayout />, { route: '/products' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Account' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('shows the message left by an expired session', async () => {
    writeFlashMessage({ type: 'error', message: 'Session expired, please signin again.' });
    renderWithProviders(<ShellLayout />);
    expect(await screen.findByText('Session expired, please signin again.')).toBeInTheDocument();
  });
});
