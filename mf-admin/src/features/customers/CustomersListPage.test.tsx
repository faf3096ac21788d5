import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { AdminCustomer } from '@store/contracts';
import { closeTestServer, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { CustomersListPage, toActiveFilter } from './CustomersListPage';

const customer = (overrides: Partial<AdminCustomer>): AdminCustomer => ({
  id: 7,
  email: 'jane@example.com',
  username: 'jane',
  first_name: 'Jane',
  last_name: 'Doe',
  role: 'REGULAR',
  is_active: true,
  date_joined: '2026-01-05T09:00:00Z',
  order_count: 3,
  total_spent: '120.00',
  ...overrides,
});
const people = [
  customer({}),
  customer({ id: 8, email: 'max@example.com', username: 'max', first_name: 'Max', last_name: 'Roe', is_active: false }),
];

let server: TestApi;
beforeEach(async () => {
  server = await startApi((req) => {
    const url = new URL(req.url ?? '', 'http://x');
    if (url.pathname !== '/api/admin/customers') return { status: 404, body: { detail: 'Not found.' } };
    const search = url.searchParams.get('search')?.toLowerCase();
    const active = url.searchParams.get('is_active');
    const data = people.filter(
      (c) =>
        (!search || `${c.first_name} ${c.last_name} ${c.email} ${c.username}`.toLowerCase().includes(search)) &&
        (active === null || String(c.is_active) === active),
    );
    return { status: 200, body: { data, meta: { page: 1, page_size: 20, total: data.length, total_pages: 1 } } };
  });
  signIn('ADMIN');
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
});

const renderPage = (path = '/admin/customers') =>
  renderAt(
    path,
    <Routes>
      <Route path="/admin/customers" element={<CustomersListPage />} />
    </Routes>,
  );

describe('CustomersListPage', () => {
  it('reads the status filter from the address as the API’s is_active', () => {
    expect(toActiveFilter('active')).toBe('true');
    expect(toActiveFilter('deactivated')).toBe('false');
    expect(toActiveFilter('')).toBeUndefined();
    expect(toActiveFilter('anything')).toBeUndefined();
  });

  it('lists customers with their orders, spending and status, each linking to its page', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Customers' }, { timeout: 5000 });
    const jane = within(table).getByRole('row', { name: /Jane Doe/ });
    expect(jane).toHaveTextContent('jane@example.com');
    expect(jane).toHaveTextContent('$120.00');
    expect(jane).toHaveTextContent('Active');
    expect(within(jane).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/admin/customers/7');
    expect(within(table).getByRole('row', { name: /Max Roe/ })).toHaveTextContent('Deactivated');
    expect(document.title).toBe('Customers · Admin · Store');
  });

  it('searches and filters by status, both in the address', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Customers' }, { timeout: 5000 });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'max{Enter}');
    expect(screen.getByText('Now at /admin/customers?search=max')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Jane Doe/ })).not.toBeInTheDocument());

    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    expect(screen.getByText('Now at /admin/customers?search=max&status=active')).toBeInTheDocument();
    expect(await screen.findByText('No customers match these filters')).toBeInTheDocument();
    expect(server.calls()).toContain('GET /api/admin/customers?search=max&is_active=true&page=1&page_size=20');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('Now at /admin/customers')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(await screen.findByRole('row', { name: /Jane Doe/ })).toBeInTheDocument();
  });
});
