import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { Order, OrderStatus } from '@store/contracts';
import { StoreToaster } from '@store/ui';
import { closeTestServer, order, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { OrderDetailPage } from './OrderDetailPage';

jest.setTimeout(30_000);

let server: TestApi;
let current: Order;
let refusal: string | null;

beforeEach(async () => {
  current = order({ id: 41, number: 'ORD-41' });
  refusal = null;
  server = await startApi((req, raw) => {
    if (req.url !== '/api/admin/orders/41') return { status: 404, body: { detail: 'Order not found.' } };
    if (req.method === 'PATCH') {
      if (refusal) return { status: 409, body: { detail: refusal } };
      const { status } = JSON.parse(raw) as { status: OrderStatus };
      current = {
        ...current,
        status,
        status_history: [...current.status_history, { status, at: '2026-11-21T09:30:00.000Z' }],
      };
    }
    return { status: 200, body: current };
  });
  signIn('ADMIN');
});
afterEach(async () => {
  resetSession();
  await closeTestServer(server);
});

const renderOrder = (id = '41') =>
  renderAt(
    `/admin/orders/${id}`,
    <>
      <StoreToaster />
      <Routes>
        <Route path="/admin/orders/:orderId" element={<OrderDetailPage />} />
      </Routes>
    </>,
  );
const statusPanel = () => screen.getByRole('region', { name: 'Status' });
const historyItems = () =>
  within(screen.getByRole('region', { name: 'Status history' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('OrderDetailPage', () => {
  it('shows the lines, totals, customer, address, payment and history', async () => {
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-41' })).toBeInTheDocument();
    expect(document.title).toBe('Order ORD-41 · Admin · Store');
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('link', { name: 'Amber Lamp' })).toHaveAttribute(
      'href',
      '/admin/products/view-product/5',
    );
    expect(items).toHaveTextContent('colour: amber');
    expect(items).toHaveTextContent('2 × $30.00 · SKU AL-1');
    expect(items).toHaveTextContent(/Subtotal\s*\$60\.00\s*Standard delivery\s*\$4\.95\s*Total\s*\$64\.95/);
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByRole('link', { name: 'Customer details' })).toHaveAttribute(
      'href',
      '/admin/customers/7',
    );
    expect(within(customer).getByRole('link', { name: 'All their orders' })).toHaveAttribute(
      'href',
      '/admin/orders?search=ada%40example.com',
    );
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent(
      'Ada Lovelace12 Market StreetN1 9GU LondonUnited Kingdom+44 20 7946 0958',
    );
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Pay later');
    expect(payment).toHaveTextContent('$64.95');
    expect(payment).toHaveTextContent(/invoice (is|was) due on 4 Dec 2026/);
    expect(historyItems()).toEqual([expect.stringMatching(/^Pending20 Nov 2026/)]);
  });

  it.each<[OrderStatus, string[]]>([
    ['PENDING', ['Mark as processing', 'Cancel order']],
    ['PAID', ['Mark as processing', 'Cancel order']],
    ['PROCESSING', ['Mark as shipped', 'Cancel order']],
    ['SHIPPED', ['Mark as delivered']],
    ['DELIVERED', []],
    ['CANCELLED', []],
  ])('a %s order offers only its allowed next steps: %j', async (status, buttons) => {
    current = { ...current, status };
    renderOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order ORD-41' });
    expect(
      within(statusPanel())
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(buttons);
    if (buttons.length === 0) expect(statusPanel()).toHaveTextContent('the status can no longer change');
  });

  it('moves the order a step after a confirmation, tells so and shows the new history', async () => {
    const user = userEvent.setup();
    renderOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order ORD-41' });
    const trigger = within(statusPanel()).getByRole('button', { name: 'Mark as processing' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Mark order ORD-41 as processing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(server.calls()).not.toContain('PATCH /api/admin/orders/41');
    await waitFor(() => expect(trigger).toHaveFocus());

    await user.click(trigger);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mark order ORD-41 as processing?' })).getByRole('button', {
        name: 'Mark as processing',
      }),
    );
    expect((await screen.findAllByText('Order ORD-41 is now processing.')).length).toBeGreaterThan(0);
    expect(server.bodyOf('PATCH /api/admin/orders/41')).toEqual({ status: 'PROCESSING' });
    await waitFor(() => expect(historyItems()).toHaveLength(2));
    expect(historyItems()[0]).toMatch(/^Processing21 Nov 2026/);
    expect(
      within(statusPanel())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark as shipped', 'Cancel order']);
  });

  it('says a cancel restocks before doing it, and then that the items are back in stock', async () => {
    const user = userEvent.setup();
    renderOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order ORD-41' });
    await user.click(within(statusPanel()).getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order ORD-41?' });
    expect(dialog).toHaveTextContent('its 2 items go back into stock');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(
      (await screen.findAllByText('Order ORD-41 was cancelled; its items are back in stock.')).length,
    ).toBeGreaterThan(0);
    expect(server.bodyOf('PATCH /api/admin/orders/41')).toEqual({ status: 'CANCELLED' });
    expect(await within(statusPanel()).findByText(/Cancelled orders are final/)).toBeInTheDocument();
  });

  it('shows the API’s refusal when another admin moved the order first', async () => {
    refusal = 'Order ORD-41 is shipped; it can only be moved to delivered.';
    const user = userEvent.setup();
    renderOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order ORD-41' });
    await user.click(within(statusPanel()).getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel order ORD-41?' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when there is no such order, with a way back', async () => {
    renderOrder('999');
    expect(await screen.findByText('There is no order 999')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/admin/orders');
  });
});
