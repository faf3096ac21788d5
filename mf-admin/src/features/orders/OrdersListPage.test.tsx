import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { Order } from '@store/contracts';
import { closeTestServer, order, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { OrdersListPage } from './OrdersListPage';

jest.setTimeout(30_000);

const pending = order({ id: 41, number: 'ORD-41', created_at: '2026-11-20T10:00:00.000Z' });
const shipped = order({
  id: 42,
  number: 'ORD-42',
  status: 'SHIPPED',
  payment_method: 'CASH_ON_DELIVERY',
  payment_due_at: null,
  total: '120.00',
  item_count: 5,
  customer: { id: 8, email: 'grace@example.com', name: 'Grace Hopper' },
});

let server: TestApi;
let answer: () => { status: number; body: unknown };

beforeEach(async () => {
  answer = () => ({
    status: 200,
    body: { data: [shipped, pending], meta: { page: 1, page_size: 20, total: 2, total_pages: 1 } },
  });
  server = await startApi((req) =>
    req.method === 'GET' && req.url?.startsWith('/api/admin/orders?') ? answer() : { status: 404, body: {} },
  );
  signIn('ADMIN');
});
afterEach(async () => {
  resetSession();
  await closeTestServer(server);
});

const renderList = (path = '/admin/orders') =>
  renderAt(
    path,
    <Routes>
      <Route path="/admin/orders" element={<OrdersListPage />} />
    </Routes>,
  );
/** The query string of the list calls made so far, as objects. */
const listCalls = () =>
  server
    .calls()
    .filter((c) => c.startsWith('GET /api/admin/orders?'))
    .map((c) => Object.fromEntries(new URLSearchParams(c.split('?')[1])));
const rowOf = (o: Order) => screen.getByRole('row', { name: new RegExp(o.number) });

describe('OrdersListPage', () => {
  it('shows each order with its customer, items, total, payment and status, linked to its page', async () => {
    renderList();
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Order', 'Date', 'Customer', 'Items', 'Total', 'Payment', 'Status']);
    const row = rowOf(shipped);
    expect(within(row).getByRole('link', { name: 'ORD-42' })).toHaveAttribute('href', '/admin/orders/42');
    expect(row).toHaveTextContent('Grace Hopper');
    expect(row).toHaveTextContent('grace@example.com');
    expect(row).toHaveTextContent('$120.00');
    expect(row).toHaveTextContent('Cash on delivery');
    expect(row).toHaveTextContent('Due on delivery');
    expect(row).toHaveTextContent('Shipped');
    expect(rowOf(pending)).toHaveTextContent('Pay later');
    expect(rowOf(pending)).toHaveTextContent(/Due 4 Dec 2026|Overdue since 4 Dec 2026/);
    expect(screen.getByText('Page 1 of 1 · 2 orders')).toBeInTheDocument();
    expect(document.title).toBe('Orders · Admin · Store');
  });

  it('asks the server for what the address says, and puts each change back in the address', async () => {
    const user = userEvent.setup();
    renderList('/admin/orders?status=PENDING&search=ada');
    await screen.findByRole('table', { name: 'Orders' });
    expect(listCalls().at(-1)).toEqual({
      status: 'PENDING',
      search: 'ada',
      sort: '-created',
      page: '1',
      page_size: '20',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('PENDING');
    expect(screen.getByLabelText('Search')).toHaveValue('ada');

    await user.selectOptions(screen.getByLabelText('Payment'), 'Cash on delivery');
    expect(
      await screen.findByText('Now at /admin/orders?status=PENDING&search=ada&payment_method=CASH_ON_DELIVERY'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Total/ }));
    expect(
      await screen.findByText(
        'Now at /admin/orders?status=PENDING&search=ada&payment_method=CASH_ON_DELIVERY&sort=total',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() =>
      expect(listCalls().at(-1)).toMatchObject({ payment_method: 'CASH_ON_DELIVERY', sort: 'total' }),
    );

    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'ORD-42');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(
        'Now at /admin/orders?status=PENDING&search=ORD-42&payment_method=CASH_ON_DELIVERY&sort=total',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ search: 'ORD-42' }));
  });

  it('says when nothing matches, and clears the filters', async () => {
    answer = () => ({ status: 200, body: { data: [], meta: { page: 1, page_size: 20, total: 0, total_pages: 1 } } });
    const user = userEvent.setup();
    renderList('/admin/orders?status=DELIVERED&payment_method=CARD');
    expect(await screen.findByText('No orders match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Now at /admin/orders')).toBeInTheDocument();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('shows the server’s refusal and tries again', async () => {
    answer = () => ({ status: 503, body: { detail: 'Down for maintenance.' } });
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Down for maintenance.');
    answer = () => ({
      status: 200,
      body: { data: [pending], meta: { page: 1, page_size: 20, total: 1, total_pages: 1 } },
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'ORD-41' })).toBeInTheDocument();
  });
});
