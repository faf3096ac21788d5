import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { AdminCustomerDetail, Order } from '@store/contracts';
import { queryClient, queryKeys } from '@store/http';
import { StoreToaster } from '@store/ui';
import { closeTestServer, resetSession, signIn, startApi, userProfile, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { CustomerDetailPage } from './CustomerDetailPage';

const order = (id: number, overrides: Partial<Order> = {}): Order => ({
  id,
  number: `ORD-${id}`,
  status: 'PENDING',
  payment_method: 'PAY_LATER',
  total: '30.00',
  subtotal: '25.00',
  delivery_method: 'STANDARD',
  delivery_price: '5.00',
  item_count: 2,
  created_at: '2026-03-01T10:00:00Z',
  customer: { id: 7, email: 'jane@example.com', name: 'Jane Doe' },
  shipping_address: '12 Market Street, London',
  address: null,
  payment_due_at: '2026-03-15T10:00:00Z',
  paid_at: null,
  status_history: [],
  lines: [],
  ...overrides,
});

const jane: AdminCustomerDetail = {
  id: 7,
  email: 'jane@example.com',
  username: 'jane',
  first_name: 'Jane',
  last_name: 'Doe',
  role: 'REGULAR',
  is_active: true,
  date_joined: '2026-01-05T09:00:00Z',
  order_count: 2,
  total_spent: '45.00',
  orders: [
    order(21, { status: 'DELIVERED', payment_method: 'CASH_ON_DELIVERY', paid_at: '2026-03-04T10:00:00Z' }),
    order(20, { total: '15.00' }),
  ],
};

let server: TestApi;
let customer: AdminCustomerDetail;
let myId: number;

beforeEach(async () => {
  customer = { ...jane };
  myId = 1;
  server = await startApi((req, raw) => {
    if (req.url === '/api/users/me') return { status: 200, body: userProfile({ id: myId, role: 'ADMIN' }) };
    if (req.method === 'GET' && req.url === '/api/admin/customers/7') return { status: 200, body: customer };
    if (req.method === 'PATCH' && req.url === '/api/admin/customers/7') {
      customer = { ...customer, is_active: (JSON.parse(raw) as { is_active: boolean }).is_active };
      return { status: 200, body: customer };
    }
    return { status: 404, body: { detail: 'Customer not found.' } };
  });
  signIn('ADMIN');
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
});

const renderPage = (id = 7) =>
  renderAt(
    `/admin/customers/${id}`,
    <>
      <StoreToaster />
      <Routes>
        <Route path="/admin/customers/:customerId" element={<CustomerDetailPage />} />
      </Routes>
    </>,
  );

describe('CustomerDetailPage', () => {
  it('shows the profile, the orders with links to them, and the totals', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' }, { timeout: 5000 })).toBeInTheDocument();
    const figures = screen.getByRole('list', { name: 'Customer figures' });
    expect(within(figures).getByText('Orders').parentElement).toHaveTextContent('Orders2');
    expect(within(figures).getByText('Total spent').parentElement).toHaveTextContent('$45.00');
    expect(within(figures).getByText('Average order').parentElement).toHaveTextContent('$22.50');
    expect(screen.getByRole('link', { name: 'jane@example.com' })).toHaveAttribute('href', 'mailto:jane@example.com');

    const orders = screen.getByRole('table', { name: 'Orders of Jane Doe' });
    expect(within(orders).getByRole('link', { name: 'ORD-21' })).toHaveAttribute('href', '/admin/orders/21');
    expect(within(orders).getByRole('row', { name: /ORD-21/ })).toHaveTextContent('Cash on delivery · paid 4 Mar 2026');
    expect(within(orders).getByRole('row', { name: /ORD-20/ })).toHaveTextContent('$15.00');
    expect(document.title).toBe('Jane Doe · Admin · Store');
  });

  it('deactivates after a confirmation that says what it does, then reactivates', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Jane Doe?' });
    expect(dialog).toHaveTextContent(
      'signed out everywhere at once and cannot sign in until the account is reactivated',
    );
    expect(server.calls()).not.toContain('PATCH /api/admin/customers/7');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect((await screen.findAllByText('Jane Doe is deactivated and signed out.')).length).toBeGreaterThan(0);
    expect(server.bodyOf('PATCH /api/admin/customers/7')).toEqual({ is_active: false });
    expect(screen.getByText(/This account is deactivated/)).toBeInTheDocument();
    expect(screen.getAllByText('Deactivated').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    const again = screen.getByRole('dialog', { name: 'Reactivate Jane Doe?' });
    expect(again).toHaveTextContent('can sign in again with their password');
    await user.click(within(again).getByRole('button', { name: 'Reactivate' }));
    expect((await screen.findAllByText('Jane Doe is active again and can sign in.')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/This account is deactivated/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('offers no deactivation of the admin’s own account', async () => {
    myId = 7;
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' }, { timeout: 5000 });
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.profile)).toMatchObject({ id: 7 }));
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('says when there is no such customer', async () => {
    renderPage(999);
    expect(await screen.findByText('Customer not found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to customers' })).toHaveAttribute('href', '/admin/customers');
  });
});
