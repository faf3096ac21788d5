import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  closeTestServer,
  currentLocation,
  renderWithProviders,
  resetSession,
  startApi,
  type TestApi,
} from '@store/testing';
import { CategoriesMenu, MENU_CLOSE_DELAY_MS } from './CategoriesMenu';

let server: TestApi;
let categories: () => { status: number; body?: unknown };

const category = (id: number, name: string, product_count: number) => ({
  id,
  name,
  description: '',
  image: '',
  product_count,
});

beforeEach(async () => {
  categories = () => ({
    status: 200,
    body: { data: [category(1, 'Shoes', 12), category(2, 'Bags & Belts', 4)] },
  });
  server = await startApi((req) => (req.url === '/api/products/categories' ? categories() : { status: 404 }));
});
afterEach(async () => {
  jest.useRealTimers();
  await closeTestServer(server);
  resetSession();
});

const trigger = () => screen.getByRole('button', { name: 'Categories' });
const panel = () => screen.queryByRole('region', { name: 'Categories' });

describe('CategoriesMenu (SPEC.md sections 2, 4 and 9)', () => {
  it('opens on hover with links to all products and to each category from GET products/categories', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoriesMenu />);
    expect(panel()).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');

    await user.hover(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/products?category=all');
    expect(await screen.findByRole('link', { name: 'Shoes 12' })).toHaveAttribute('href', '/products/category/Shoes');
    expect(screen.getByRole('link', { name: 'Bags & Belts 4' })).toHaveAttribute(
      'href',
      '/products/category/Bags%20%26%20Belts',
    );
    expect(server.requests.filter((r) => r.url === '/api/products/categories')).toHaveLength(1);
  });

  it('following a link navigates and closes the menu', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoriesMenu />);
    await user.hover(trigger());
    await user.click(await screen.findByRole('link', { name: 'Shoes 12' }));
    expect(currentLocation()).toBe('/products/category/Shoes');
    expect(panel()).not.toBeInTheDocument();
  });

  it('stays open while hovered and closes 200 ms after the mouse leaves', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(
      <>
        <CategoriesMenu />
        <p>Elsewhere</p>
      </>,
    );
    expect(MENU_CLOSE_DELAY_MS).toBe(200);

    await user.hover(trigger());
    act(() => jest.advanceTimersByTime(5000));
    expect(panel()).toBeInTheDocument();

    // Moving from the trigger into the panel keeps it open.
    await user.hover(panel()!);
    act(() => jest.advanceTimersByTime(1000));
    expect(panel()).toBeInTheDocument();

    await user.hover(screen.getByText('Elsewhere'));
    act(() => jest.advanceTimersByTime(199));
    expect(panel()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(panel()).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('coming back before the delay keeps it open', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(
      <>
        <CategoriesMenu />
        <p>Elsewhere</p>
      </>,
    );
    await user.hover(trigger());
    await user.hover(screen.getByText('Elsewhere'));
    act(() => jest.advanceTimersByTime(150));
    await user.hover(trigger());
    act(() => jest.advanceTimersByTime(1000));
    expect(panel()).toBeInTheDocument();
  });

  it('clicking the trigger after hovering it keeps the menu open (a tap on a touch screen does both)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoriesMenu />);
    await user.click(trigger());
    expect(panel()).toBeInTheDocument();
    await user.click(trigger());
    expect(panel()).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Shoes 12' });
  });

  it('from the keyboard, Enter toggles it and Escape closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoriesMenu />);
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(panel()).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Shoes 12' });
    await user.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(panel()).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(panel()).not.toBeInTheDocument();
  });

  it('says so when the categories cannot be loaded', async () => {
    categories = () => ({ status: 400, body: { detail: 'No' } });
    const user = userEvent.setup();
    renderWithProviders(<CategoriesMenu />);
    await user.hover(trigger());
    expect(await screen.findByText('Categories are unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All products' })).toBeInTheDocument();
  });
});
