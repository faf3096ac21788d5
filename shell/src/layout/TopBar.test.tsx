import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartItem } from '@store/contracts';
import { AUTH_STORAGE_KEY, sessionStore } from '@store/session';
import {
  closeTestServer,
  currentLocation,
  renderWithProviders,
  resetSession,
  setCart,
  signIn,
  startApi,
  type TestApi,
} from '@store/testing';
import { TopBar } from './TopBar';

let server: TestApi;

beforeEach(async () => {
  server = await startApi((req) =>
    req.url === '/api/products/categories'
      ? { status: 200, body: { data: [{ id: 1, name: 'Shoes', description: '', image: '', product_count: 3 }] } }
      : { status: 200, body: { message: 'ok' } },
  );
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
});

const line = (id: number, quantity: number): CartItem =>
  ({
    product: { id, name: `Product ${id}`, category: 'Shoes', type: 'SIMPLE', published: true, subscribers: 0 },
    variant: { id, sale_price: '0', regular_price: '10.00' },
    quantity,
  }) as CartItem;

function renderTopBar(route = '/products') {
  renderWithProviders(<TopBar />, { route });
  return userEvent.setup();
}

const main = () => within(screen.getByRole('navigation', { name: 'Main' }));
// The toggle and the menu are mobile-only: their base style is display:none and jsdom applies no media
// queries, so role queries (which skip hidden elements) cannot name them; labels and texts still can.
const menuToggle = () => screen.getByLabelText(/^(Open|Close) menu$/);
const mobileMenu = () => within(screen.getByLabelText('Mobile'));
const noMobileMenu = () => expect(screen.queryByLabelText('Mobile')).not.toBeInTheDocument();

describe('TopBar links', () => {
  it('has the logo, Home, Categories, Wishlist, Contact and Account', () => {
    renderTopBar();
    expect(screen.getByRole('link', { name: 'Store home' })).toHaveAttribute('href', '/');
    expect(main().getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(main().getByRole('button', { name: 'Categories' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(main().getByRole('button', { name: 'Contact' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  });

  it('Contact opens the Contact Us dialog', async () => {
    const user = renderTopBar();
    await user.click(main().getByRole('button', { name: 'Contact' }));
    expect(sessionStore.getState().dialog).toEqual({ kind: 'contact' });
  });
});

describe('TopBar signed out', () => {
  it('offers Login and Sign Up, which open their dialogs, and no Logout', async () => {
    const user = renderTopBar();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(sessionStore.getState().dialog).toEqual({ kind: 'login' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(sessionStore.getState().dialog).toEqual({ kind: 'signup' });
  });

  it.each([
    [
      'Wishlist',
      () => main().getByRole('link', { name: 'Wishlist' }),
      '/wishlist',
      'Please login to view your wishlist!',
    ],
    ['Cart', () => screen.getByRole('link', { name: /^Cart/ }), '/cart', 'Please login to view your cart!'],
  ])('%s does not navigate: it asks for the sign-in dialog and says why', async (_name, link, target, message) => {
    const user = renderTopBar();
    await user.click(link());

    expect(currentLocation()).toBe('/products');
    expect(sessionStore.getState().dialog).toEqual({ kind: 'login', returnTo: target });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('TopBar signed in', () => {
  beforeEach(() => signIn());

  it('offers Logout instead of Login and Sign Up', () => {
    renderTopBar();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it.each([
    ['Wishlist', () => main().getByRole('link', { name: 'Wishlist' }), '/wishlist'],
    ['Cart', () => screen.getByRole('link', { name: /^Cart/ }), '/cart'],
  ])('%s navigates', async (_name, link, target) => {
    const user = renderTopBar();
    await user.click(link());
    expect(currentLocation()).toBe(target);
    expect(sessionStore.getState().dialog).toBeNull();
  });

  it('Logout goes to /, forgets the session and revokes the refresh token', async () => {
    const user = renderTopBar('/account');
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    await waitFor(() =>
      expect(server.requests.find((r) => r.url === '/api/auth/logout')?.body).toBe(
        JSON.stringify({ refreshToken: 'refresh-token' }),
      ),
    );
  });
});

describe('TopBar cart badge', () => {
  it('shows the item count of the cart query', async () => {
    renderTopBar();
    // The name comes from the link's own text (the visible word is part of it); the badge shows the count.
    const badge = () => screen.getByRole('link', { name: /^Cart \(/ }).querySelector('[aria-hidden="true"]:last-child');
    const cart = screen.getByRole('link', { name: 'Cart (0 items)' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).not.toHaveAttribute('aria-label');
    expect(badge()).toHaveTextContent(/^0$/);

    setCart([line(1, 2), line(2, 3)]);
    expect(await screen.findByRole('link', { name: 'Cart (5 items)' })).toBeInTheDocument();
    expect(badge()).toHaveTextContent(/^5$/);

    setCart([line(1, 1)]);
    expect(await screen.findByRole('link', { name: 'Cart (1 item)' })).toBeInTheDocument();
    expect(badge()).toHaveTextContent(/^1$/);
  });
});

describe('TopBar mobile menu', () => {
  it('toggles open and closed', async () => {
    const user = renderTopBar();
    expect(menuToggle()).toHaveAttribute('aria-label', 'Open menu');
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
    noMobileMenu();

    await user.click(menuToggle());
    expect(menuToggle()).toHaveAttribute('aria-label', 'Close menu');
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(mobileMenu().getByText('Home')).toHaveAttribute('href', '/');
    expect(mobileMenu().getByText('Login')).toBeInTheDocument();

    await user.click(menuToggle());
    noMobileMenu();
  });

  it('toggling closes the category submenu', async () => {
    const user = renderTopBar();
    await user.click(menuToggle());
    const categories = () => mobileMenu().getByText('Categories');
    await user.click(categories());
    expect(categories()).toHaveAttribute('aria-expanded', 'true');
    expect(await mobileMenu().findByText('Shoes')).toHaveAttribute('href', '/products/category/Shoes');

    await user.click(menuToggle());
    await user.click(menuToggle());
    expect(categories()).toHaveAttribute('aria-expanded', 'false');
    expect(mobileMenu().queryByText('Shoes')).not.toBeInTheDocument();
  });

  it('closes after following a link', async () => {
    const user = renderTopBar();
    await user.click(menuToggle());
    await user.click(mobileMenu().getByText('Home'));
    expect(currentLocation()).toBe('/');
    noMobileMenu();
  });

  it('signed out, its Wishlist asks for sign-in too', async () => {
    const user = renderTopBar();
    await user.click(menuToggle());
    await user.click(mobileMenu().getByText('Wishlist'));
    expect(currentLocation()).toBe('/products');
    expect(sessionStore.getState().dialog).toEqual({ kind: 'login', returnTo: '/wishlist' });
    expect(await screen.findByText('Please login to view your wishlist!')).toBeInTheDocument();
  });
});
