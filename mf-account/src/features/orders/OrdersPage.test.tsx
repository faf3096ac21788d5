import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@store/contracts';
import { Route, Routes } from '@store/router';
import {
  closeTestServer,
  order as orderFixture,
  orderLine,
  renderWithProviders,
  resetSession,
  signIn,
  startApi,
  type TestApi,
} from '@store/testing';
import OrdersPage from './OrdersPage';

jest.setTimeout(30_000);

/** The shared order with a second line whose product is no longer sold (the page must not link it). */
const order = (id: number, overrides: Partial<Order> = {}): Order =>
  orderFixture({
    id,
    lines: [
      orderLine(),
      orderLine({
        product_id: 6,
        variant_id: 61,
        name: 'Old Vase',
        attributes: {},
        sku: 'OV-1',
        unit_price: '0.00',
        quantity: 0,
        line_total: '0.00',
        product_available: false,
      }),
    ],
    ...overrides,
  });

let api: TestApi;
afterEach(async () => {
  resetSession();
  await closeTestServer(api);
});

/** An orders API as api/src/modules/orders answers it, over `all` orders (newest first), 10 a page. */
async function openAt(route: string, all: Order[]) {
  let orders = all;
  api = await startApi((req) => {
    const url = new URL(req.url ?? '', 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/users/me/orders') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 10);
      return {
        status: 200,
        body: {
          data: orders.slice((page - 1) * size, page * size),
          meta: {
            page,
            page_size: size,
            total: orders.length,
            total_pages: Math.max(1, Math.ceil(orders.length / size)),
          },
        },
      };
    }
    const one = /^\/api\/users\/me\/orders\/(\d+)(\/cancel)?$/.exec(url.pathname);
    const found = one && orders.find((o) => o.id === Number(one[1]));
    if (!found) return { status: 404, body: { detail: 'Order not found.' } };
    if (req.method === 'POST' && one[2]) {
      const cancelled: Order = {
        ...found,
        status: 'CANCELLED',
        status_history: [...found.status_history, { status: 'CANCELLED', at: '2026-11-21T09:00:00.000Z' }],
      };
      orders = orders.map((o) => (o.id === found.id ? cancelled : o));
      return { status: 200, body: cancelled };
    }
    return { status: 200, body: found };
  });
  signIn();
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/orders/*" element={<OrdersPage />} />
    </Routes>,
    { route },
  );
  return user;
}

describe('OrdersPage', () => {
  it('lists orders newest first with number, date, status, items and total, ten a page', async () => {
    const all = Array.from({ length: 12 }, (_, i) =>
      order(100 - i, { status: i === 1 ? 'CANCELLED' : 'PENDING', item_count: i === 0 ? 1 : 2 }),
    );
    const user = await openAt('/orders', all);

    const table = await screen.findByRole('table', { name: 'Your orders' });
    expect(document.title).toBe('My orders · Store');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('ORD-100');
    expect(rows[0]).toHaveTextContent('Nov 20, 2026');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[0]).toHaveTextContent('1 item');
    expect(rows[0]).toHaveTextContent('$64.95');
    expect(rows[1]).toHaveTextContent('Cancelled');
    expect(within(rows[0]!).getByRole('link', { name: 'ORD-100' })).toHaveAttribute('href', '/orders/100');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when there are no orders yet', async () => {
    await openAt('/orders', []);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
  });

  it("shows an order's lines, address, delivery, payment due date and history; links only live products", async () => {
    await openAt('/orders/7', [order(7)]);
    expect(await screen.findByRole('heading', { name: 'Order ORD-7' })).toBeInTheDocument();
    expect(document.title).toBe('Order ORD-7 · Store');
    expect(screen.getByRole('link', { name: 'Amber Lamp' })).toHaveAttribute('href', '/products/5');
    expect(screen.queryByRole('link', { name: 'Old Vase' })).not.toBeInTheDocument();
    expect(screen.getByText(/no longer sold/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Delivery address' })).toHaveTextContent('N1 9GU London');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Not paid yet · due Dec 4, 2026');
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent('Standard delivery$4.95');
    expect(screen.getByRole('region', { name: 'Status history' })).toHaveTextContent('Pending');
  });

  it('shows a paid pay-later order as paid, with no way to cancel it', async () => {
    await openAt('/orders/8', [order(8, { status: 'PAID', paid_at: '2026-11-22T10:00:00.000Z' })]);
    expect(await screen.findByRole('region', { name: 'Payment' })).toHaveTextContent('Paid on Nov 22, 2026');
    expect(screen.getByLabelText('Status: Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('cancels a pending order only after confirmation', async () => {
    const user = await openAt('/orders/9', [order(9, { payment_method: 'CASH_ON_DELIVERY', payment_due_at: null })]);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(api.calls().filter((c) => c.startsWith('POST'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', { name: 'Cancel order' }),
    );
    expect(await screen.findByLabelText('Status: Cancelled')).toBeInTheDocument();
    expect(api.calls().filter((c) => c.startsWith('POST'))).toEqual(['POST /api/users/me/orders/9/cancel']);
    expect(screen.getByText('Order cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });
});
