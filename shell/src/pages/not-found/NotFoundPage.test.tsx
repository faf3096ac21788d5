import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  closeTestServer,
  currentLocation,
  renderWithProviders,
  resetSession,
  startApi,
  type TestApi,
} from '@store/testing';
import { NotFoundPage, REDIRECT_SECONDS } from './NotFoundPage';

function renderNotFound() {
  renderWithProviders(<NotFoundPage />, {
    route: '/no/such/page',
    history: ['/products'],
    pages: { '/': 'Home page' },
  });
}

let server: TestApi;
const categories = [
  { id: 1, name: 'Bags', description: '', image: '', product_count: 12 },
  { id: 2, name: 'Home & Living', description: '', image: '', product_count: 30 },
  { id: 3, name: 'Shoes', description: '', image: '', product_count: 20 },
  { id: 4, name: 'Tops', description: '', image: '', product_count: 5 },
  { id: 5, name: 'Beauty', description: '', image: '', product_count: 18 },
];

beforeEach(async () => {
  server = await startApi((req) =>
    req.url === '/api/products/categories' ? { status: 200, body: { data: categories } } : { status: 404, body: {} },
  );
});

afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  await closeTestServer(server);
  resetSession();
});

describe('NotFoundPage (SPEC.md section 2)', () => {
  it('says what happened', () => {
    renderNotFound();
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Error Code: 404 | Page Not Found')).toBeInTheDocument();
  });

  it('counts down from 10 and goes to / at 0', () => {
    jest.useFakeTimers();
    renderNotFound();
    expect(REDIRECT_SECONDS).toBe(10);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('Taking you to the homepage in 10 seconds.');

    // One second at a time: each tick schedules the next once React has rendered it.
    const tick = () => act(() => jest.advanceTimersByTime(1000));
    act(() => jest.advanceTimersByTime(999));
    expect(timer).toHaveTextContent('in 10 seconds');
    act(() => jest.advanceTimersByTime(1));
    expect(timer).toHaveTextContent('in 9 seconds');
    for (let left = 8; left >= 1; left--) {
      tick();
      expect(timer).toHaveTextContent(`in ${left} ${left === 1 ? 'second' : 'seconds'}.`);
    }
    expect(currentLocation()).toBe('/no/such/page');

    tick();
    expect(currentLocation()).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('Cancel stops the countdown', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderNotFound();
    act(() => jest.advanceTimersByTime(3000));
    await user.click(within(screen.getByRole('timer')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Redirect cancelled.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60_000));
    expect(currentLocation()).toBe('/no/such/page');
  });

  it('Go Back returns to the previous page', async () => {
    const user = userEvent.setup();
    renderNotFound();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(currentLocation()).toBe('/products');
  });

  it('Go to Homepage goes to /', async () => {
    const user = userEvent.setup();
    renderNotFound();
    await user.click(screen.getByRole('button', { name: 'Go to Homepage' }));
    expect(currentLocation()).toBe('/');
  });

  it('Refresh reloads the page', async () => {
    // jsdom cannot load documents: it reports each attempt as "Not implemented: navigation".
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderNotFound();
    expect(consoleError).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(consoleError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Not implemented: navigation (except hash changes)' }),
    );
  });

  it('the search box only logs', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    const user = userEvent.setup();
    renderNotFound();
    const search = screen.getByRole('search', { name: 'Search the store' });
    await user.type(within(search).getByRole('textbox', { name: 'Search the store' }), 'red shoes');
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]!.join(' ')).toContain('red shoes');
    expect(currentLocation()).toBe('/no/such/page');
  });

  it("has the quick links, and links to the store's four biggest categories", async () => {
    renderNotFound();
    const nav = screen.getByRole('navigation', { name: 'Helpful links' });
    const hrefs = () =>
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
    expect(hrefs()).toEqual(expect.arrayContaining(['/', '/products', '/categories', '/account', '/contact', '/help']));
    expect(await within(nav).findByRole('link', { name: 'Home & Living' })).toHaveAttribute(
      'href',
      '/products/category/Home%20%26%20Living',
    );
    expect(hrefs().filter((h) => h?.startsWith('/products/category/'))).toEqual([
      '/products/category/Home%20%26%20Living',
      '/products/category/Shoes',
      '/products/category/Beauty',
      '/products/category/Bags',
    ]);
  });

  it('a hidden button shows a random fun fact', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const user = userEvent.setup();
    renderNotFound();
    await user.click(screen.getByRole('button', { name: 'Surprise' }));
    expect(alert).toHaveBeenCalledWith(expect.stringMatching(/^Fun fact: /));
  });
});
