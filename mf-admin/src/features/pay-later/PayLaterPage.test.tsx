import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { PayLaterItem, PayLaterSummary } from '@store/contracts';
import { StoreToaster } from '@store/ui';
import { closeTestServer, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { PayLaterPage, paymentState, toStatus } from './PayLaterPage';

const DAY = 86_400_000;
const item = (overrides: Partial<PayLaterItem>): PayLaterItem => ({
  id: 1,
  order_id: 1,
  order_number: 'ORD-1',
  customer: { id: 7, email: 'jane@example.com', name: 'Jane Doe' },
  amount: '40.00',
  status: 'outstanding',
  due_date: new Date(Date.now() + 5 * DAY).toISOString(),
  overdue: false,
  days_overdue: 0,
  created_at: new Date(Date.now() - 9 * DAY).toISOString(),
  paid_at: null,
  ...overrides,
});

const late = item({
  id: 11,
  order_id: 11,
  order_number: 'ORD-11',
  amount: '120.50',
  due_date: new Date(Date.now() - 3.5 * DAY).toISOString(),
  overdue: true,
  days_overdue: 4,
});
const fresh = item({ id: 12, order_id: 12, order_number: 'ORD-12', amount: '15.00' });

let server: TestApi;
let items: PayLaterItem[];

const summaryOf = (): PayLaterSummary => {
  const sum = (list: PayLaterItem[]) => list.reduce((cents, i) => cents + Math.round(Number(i.amount) * 100), 0);
  const fmt = (cents: number) => (cents / 100).toFixed(2);
  const unpaid = items.filter((i) => i.status === 'outstanding');
  const overdue = unpaid.filter((i) => i.overdue);
  const paid = items.filter((i) => i.status === 'paid');
  return {
    outstanding: fmt(sum(unpaid)),
    outstanding_count: unpaid.length,
    overdue: fmt(sum(overdue)),
    overdue_count: overdue.length,
    paid: fmt(sum(paid)),
    paid_count: paid.length,
  };
};

beforeEach(async () => {
  items = [late, fresh];
  server = await startApi((req) => {
    const url = new URL(req.url ?? '', 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/admin/pay-later') {
      const status = url.searchParams.get('status') ?? 'outstanding';
      const data = items.filter((i) => status === 'all' || i.status === status);
      return {
        status: 200,
        body: { data, meta: { page: 1, page_size: 20, total: data.length, total_pages: 1 }, summary: summaryOf() },
      };
    }
    if (req.method === 'POST' && url.pathname === '/api/admin/pay-later/11/mark-paid') {
      const paid = {
        ...late,
        status: 'paid' as const,
        overdue: false,
        days_overdue: 0,
        paid_at: new Date().toISOString(),
      };
      items = items.map((i) => (i.id === 11 ? paid : i));
      return { status: 200, body: paid };
    }
    if (req.method === 'POST' && url.pathname === '/api/admin/pay-later/12/mark-paid')
      return { status: 409, body: { detail: 'Order ORD-12 is cancelled; there is nothing to collect.' } };
    return { status: 404, body: { detail: 'Not found.' } };
  });
  signIn('ADMIN');
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
});

const renderPage = (path = '/admin/pay-later') =>
  renderAt(
    path,
    <>
      <StoreToaster />
      <Routes>
        <Route path="/admin/pay-later" element={<PayLaterPage />} />
      </Routes>
    </>,
  );

describe('paymentState', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('says how many days an item is overdue, highlighted', () => {
    expect(paymentState(item({ overdue: true, days_overdue: 1 }), now)).toEqual({
      text: '1 day overdue',
      tone: 'danger',
    });
    expect(paymentState(item({ overdue: true, days_overdue: 4 }), now)).toEqual({
      text: '4 days overdue',
      tone: 'danger',
    });
  });
  it('counts the days left before the due date', () => {
    expect(paymentState(item({ due_date: '2026-03-13T12:00:00Z' }), now)).toEqual({
      text: 'Due in 3 days',
      tone: null,
    });
    expect(paymentState(item({ due_date: '2026-03-10T13:00:00Z' }), now)).toEqual({ text: 'Due in 1 day', tone: null });
    expect(paymentState(item({ due_date: '2026-03-10T12:00:00Z' }), now)).toEqual({ text: 'Due today', tone: null });
  });
  it('says when a paid item was paid', () => {
    expect(paymentState(item({ status: 'paid', paid_at: '2026-03-02T09:00:00Z' }), now)).toEqual({
      text: 'Paid 2 Mar 2026',
      tone: 'success',
    });
  });
  it('reads the filter from the address, outstanding by default', () => {
    expect(toStatus('paid')).toBe('paid');
    expect(toStatus('all')).toBe('all');
    expect(toStatus('')).toBe('outstanding');
    expect(toStatus('nonsense')).toBe('outstanding');
  });
});

describe('PayLaterPage', () => {
  it('lists what is outstanding, the overdue one highlighted, with the totals', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Pay-later items: outstanding' }, { timeout: 5000 });
    const lateRow = within(table).getByRole('row', { name: /ORD-11/ });
    expect(within(lateRow).getByText('4 days overdue')).toBeInTheDocument();
    expect(within(lateRow).getByText('$120.50')).toBeInTheDocument();
    expect(within(lateRow).getByRole('link', { name: 'ORD-11' })).toHaveAttribute('href', '/admin/orders/11');
    expect(within(lateRow).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/admin/customers/7');
    expect(within(table).getByRole('row', { name: /ORD-12/ })).toHaveTextContent('Due in 5 days');

    const totals = screen.getByRole('list', { name: 'Pay-later totals' });
    expect(within(totals).getByText('Outstanding').parentElement).toHaveTextContent('Outstanding$135.502 items');
    expect(within(totals).getByText('Overdue').parentElement).toHaveTextContent('Overdue$120.501 item');
    expect(document.title).toBe('Pay later · Admin · Store');
  });

  it('marks an item paid after a confirmation: a toast, and the row moves to the paid filter', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark paid: ORD-11' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Mark order ORD-11 paid?' });
    expect(dialog).toHaveTextContent('Records $120.50 from Jane Doe as received today (4 days overdue).');
    expect(server.calls()).not.toContain('POST /api/admin/pay-later/11/mark-paid');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

    expect((await screen.findAllByText('Order ORD-11 marked paid: $120.50 from Jane Doe.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('row', { name: /ORD-11/ })).not.toBeInTheDocument());

    await user.selectOptions(screen.getByLabelText('Show'), 'Paid');
    expect(screen.getByText('Now at /admin/pay-later?status=paid')).toBeInTheDocument();
    const paid = await screen.findByRole('table', { name: 'Pay-later items: paid' });
    expect(await within(paid).findByRole('row', { name: /ORD-11/ })).toHaveTextContent(/Paid \d+ \w+ \d{4}/);
    expect(within(paid).queryByRole('button', { name: /Mark paid/ })).not.toBeInTheDocument();
  });

  it('keeps the item and says why when the API refuses', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark paid: ORD-12' }, { timeout: 5000 }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mark order ORD-12 paid?' })).getByRole('button', {
        name: 'Mark paid',
      }),
    );
    expect(
      (await screen.findAllByText('Order ORD-12 is cancelled; there is nothing to collect.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('row', { name: /ORD-12/ })).toBeInTheDocument();
  });

  it('searches by order number or customer, in the address', async () => {
    const user = userEvent.setup();
    renderPage('/admin/pay-later?status=all');
    await screen.findByRole('table', { name: 'Pay-later items: all' }, { timeout: 5000 });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' ORD-11 {Enter}');
    expect(screen.getByText('Now at /admin/pay-later?status=all&search=ORD-11')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls()).toContain('GET /api/admin/pay-later?status=all&search=ORD-11&page=1&page_size=20'),
    );
  });

  it('opens on the filter in the address and says when nothing is there', async () => {
    items = [];
    renderPage('/admin/pay-later?status=paid');
    expect(await screen.findByText('No payments recorded yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Show')).toHaveValue('paid');
    expect(server.calls()).toContain('GET /api/admin/pay-later?status=paid&page=1&page_size=20');
  });
});
