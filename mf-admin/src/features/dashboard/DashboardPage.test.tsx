import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { AdminDashboard } from '@store/contracts';
import { accessToken, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { DashboardPage, salesPoints } from './DashboardPage';

const order = (id: number, number: string, name: string, status: 'PENDING' | 'SHIPPED', payLater: boolean) => ({
  id,
  number,
  status,
  payment_method: payLater ? ('PAY_LATER' as const) : ('CASH_ON_DELIVERY' as const),
  total: payLater ? '89.90' : '1200.00',
  subtotal: payLater ? '89.90' : '1200.00',
  delivery_method: 'STANDARD' as const,
  delivery_price: '0.00',
  address: null,
  payment_due_at: payLater ? '2024-05-16T10:00:00Z' : null,
  paid_at: null,
  status_history: [{ status, at: '2024-05-02T10:00:00Z' }],
  item_count: 2,
  created_at: '2024-05-02T10:00:00Z',
  customer: { id: id + 100, email: `${name.toLowerCase()}@example.com`, name },
  shipping_address: '1 Main Street',
  lines: [],
});

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const dashboard: AdminDashboard = {
  revenue: '12345.60',
  order_count: 42,
  customer_count: 17,
  product_count: 30,
  published_product_count: 27,
  pending_order_count: 5,
  pay_later_outstanding: '250.00',
  pay_later_outstanding_count: 3,
  low_stock_variant_count: 4,
  orders_by_status: { PENDING: 5, SHIPPED: 30, CANCELLED: 7 },
  sales_by_day: [
    { date: daysAgo(3), total: '100.00', orders: 2 },
    { date: daysAgo(1), total: '400.50', orders: 6 },
  ],
  recent_orders: [order(7, 'ORD-0007', 'Ada', 'PENDING', true), order(6, 'ORD-0006', 'Grace', 'SHIPPED', false)],
};

let server: TestApi;
let answer: { status: number; body?: unknown };

beforeEach(async () => {
  answer = { status: 200, body: dashboard };
  server = await startApi((req) =>
    req.method === 'GET' && req.url === '/api/admin/dashboard'
      ? answer
      : { status: 404, body: { detail: 'Not found.' } },
  );
  signIn('ADMIN');
});
afterEach(async () => {
  resetSession();
  await server.close();
});

const renderDashboard = () =>
  renderAt(
    '/admin',
    <Routes>
      <Route path="/admin" element={<DashboardPage />} />
      <Route path="*" element={null} />
    </Routes>,
  );

/** The figure shown under a card's label. */
const figure = (label: string) => screen.getByText(label, { selector: 'span' }).nextElementSibling?.textContent;

describe('salesPoints', () => {
  it('gives one point a day for the last 30 days, zero on days without sales', () => {
    const points = salesPoints([{ date: '2024-05-30', total: '12.50', orders: 1 }], new Date('2024-05-31T18:00:00Z'));
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual({ date: '2024-05-02', cents: 0, orders: 0 });
    expect(points.at(-2)).toEqual({ date: '2024-05-30', cents: 1250, orders: 1 });
    expect(points.at(-1)).toEqual({ date: '2024-05-31', cents: 0, orders: 0 });
  });
});

describe('DashboardPage', () => {
  it('shows the figures of GET admin/dashboard', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    expect(await screen.findByText('$12,345.60')).toBeInTheDocument();
    expect(figure('Revenue')).toBe('$12,345.60');
    expect(figure('Orders')).toBe('42');
    expect(figure('Pending orders')).toBe('5');
    expect(figure('Customers')).toBe('17');
    expect(figure('Products')).toBe('27 / 30 published');
    expect(figure('Pay later outstanding')).toBe('$250.00 (3)');
    expect(figure('Low-stock variants')).toBe('4');

    expect(server.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/api/admin/dashboard',
        authorization: `Bearer ${accessToken({ role: 'ADMIN' })}`,
      }),
    ]);
  });

  it('charts the last 30 days of sales, with the figures in a table for screen readers', async () => {
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'Sales by day' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([`${daysAgo(3)}$100.002`, `${daysAgo(1)}$400.506`]);
    expect(screen.getByText(/\$500\.50 in 8 orders/)).toBeInTheDocument();
  });

  it('counts orders by status, each linking to the filtered order list', async () => {
    renderDashboard();
    const statuses = await screen.findByRole('region', { name: 'Orders by status' });
    expect(
      within(statuses)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Pending5', 'Paid0', 'Processing0', 'Shipped30', 'Delivered0', 'Cancelled7']);
    await userEvent.setup().click(within(statuses).getByRole('link', { name: 'Shipped' }));
    expect(screen.getByText('Now at /admin/orders?status=SHIPPED')).toBeInTheDocument();
  });

  it.each([
    ['Show low-stock products', '/admin/products?stock=low'],
    ['Show pending orders', '/admin/orders?status=PENDING'],
    ['Show outstanding', '/admin/pay-later'],
  ])('links "%s" to %s', async (name, to) => {
    renderDashboard();
    await userEvent.setup().click(await screen.findByRole('link', { name }));
    expect(screen.getByText(`Now at ${to}`)).toBeInTheDocument();
  });

  it('lists the recent orders with links to them', async () => {
    renderDashboard();
    const recent = await screen.findByRole('region', { name: 'Recent orders' });
    const rows = within(recent).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['ORD-0007', '2 May 2024', 'Ada', 'Pending', 'Pay later', '$89.90'],
      ['ORD-0006', '2 May 2024', 'Grace', 'Shipped', 'Cash on delivery', '$1,200.00'],
    ]);
    await userEvent.setup().click(within(recent).getByRole('link', { name: 'ORD-0007' }));
    expect(screen.getByText('Now at /admin/orders/7')).toBeInTheDocument();
  });

  it("shows the server's error when the call fails, and tries again on request", async () => {
    answer = { status: 500, body: { detail: 'The reports database is unavailable.' } };
    renderDashboard();

    expect(await screen.findByRole('alert')).toHaveTextContent('The reports database is unavailable.');
    expect(screen.queryByText('Revenue')).not.toBeInTheDocument();
    // The call and its three retries (SPEC.md section 7).
    expect(server.requests).toHaveLength(4);

    answer = { status: 200, body: dashboard };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$12,345.60')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to its own message when the server gives no detail', async () => {
    answer = { status: 404 };
    renderDashboard();

    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
