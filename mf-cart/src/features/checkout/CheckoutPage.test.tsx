import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { Address, CheckoutOptions } from '@store/contracts';
import { Route, Routes } from '@store/router';
import {
  address as addressFixture,
  cartItem,
  cartLines,
  closeTestServer,
  order as orderFixture,
  orderLine,
  renderWithProviders,
  resetSession,
  setCart,
  signIn,
  startApi,
  type TestApi,
  userProfile,
} from '@store/testing';
import CheckoutPage from './CheckoutPage';
import { clearDraft } from './draft';

const lamp = cartItem({
  product: { id: 1, name: 'Amber Lamp' },
  variant: { id: 11, regular_price: '30.00', attributes: { colour: 'amber' } },
  quantity: 2,
});

const address = addressFixture();

const options = (lastAddress: Address | null = null): CheckoutOptions => ({
  subtotal: '60.00',
  item_count: 2,
  delivery_methods: [
    { id: 'STANDARD', label: 'Standard delivery', description: '3–5 business days', price: '4.95' },
    { id: 'EXPRESS', label: 'Express delivery', description: '1–2 business days', price: '14.95' },
  ],
  payment_methods: [
    { id: 'PAY_LATER', label: 'Pay later', description: 'Invoice in 14 days.' },
    { id: 'CASH_ON_DELIVERY', label: 'Cash on delivery', description: 'Pay the courier.' },
  ],
  last_address: lastAddress,
});

const order = orderFixture({
  id: 77,
  number: 'ORD-TEST-1',
  created_at: '2026-11-23T10:00:00.000Z',
  payment_due_at: '2026-12-07T10:00:00.000Z',
  status_history: [{ status: 'PENDING', at: '2026-11-23T10:00:00.000Z' }],
  address,
  lines: [orderLine({ product_id: 1, variant_id: 11 })],
});

// Typing a whole address with user-event takes a few seconds on a busy machine.
jest.setTimeout(30_000);

let api: TestApi;
let placeAnswer: () => { status: number; body: unknown } = () => ({ status: 201, body: order });
let hold: Promise<void> | null = null;

async function start(lastAddress: Address | null = null) {
  let serverCart = [lamp];
  api = await startApi(async (req) => {
    if (req.method === 'GET' && req.url === '/api/users/me') {
      return { status: 200, body: userProfile({ cart: { id: 1, cart_items: serverCart } }) };
    }
    if (req.method === 'GET' && req.url === '/api/users/me/checkout')
      return { status: 200, body: options(lastAddress) };
    if (req.method === 'POST' && req.url === '/api/users/me/orders') {
      if (hold) await hold;
      const answer = placeAnswer();
      if (answer.status === 201) serverCart = []; // the server empties the cart with the order
      return answer;
    }
    if (req.method === 'GET' && req.url === '/api/users/me/orders/77') return { status: 200, body: order };
    return { status: 404, body: { detail: 'Not found.' } };
  });
  signIn();
  setCart([lamp]);
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/checkout/*" element={<CheckoutPage />} />
      <Route path="/cart" element={<h1>Cart page</h1>} />
    </Routes>,
    { route: '/checkout' },
  );
  await screen.findByRole('heading', { name: 'Delivery address' });
  return user;
}

afterEach(async () => {
  placeAnswer = () => ({ status: 201, body: order });
  hold = null;
  clearDraft();
  resetSession();
  await closeTestServer(api);
});

async function fillAddress(user: UserEvent) {
  await user.type(screen.getByLabelText('Full name'), address.full_name);
  await user.type(screen.getByLabelText('Street and house number'), address.street);
  await user.type(screen.getByLabelText('Postal code'), address.postal_code);
  await user.type(screen.getByLabelText('City'), address.city);
  await user.selectOptions(screen.getByLabelText('Country'), 'United Kingdom');
  await user.type(screen.getByLabelText('Phone'), address.phone);
}

async function toReview(user: UserEvent, payment = /Pay later/) {
  await user.click(screen.getByRole('button', { name: 'Continue to delivery' }));
  await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
  await user.click(screen.getByRole('radio', { name: payment }));
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  await screen.findByRole('heading', { name: 'Review your order' });
}

describe('CheckoutPage', () => {
  it('checks each address field with its own message before going on', async () => {
    const user = await start();
    await user.click(screen.getByRole('button', { name: 'Continue to delivery' }));

    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Street and house number are required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('Postal code is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Full name is required');

    await user.type(screen.getByLabelText('Postal code'), '#!');
    await user.type(screen.getByLabelText('Phone'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Continue to delivery' }));
    expect(
      await screen.findByText('Enter a valid postal code (letters, digits, spaces or dashes)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number (at least 7 digits)')).toBeInTheDocument();
    // Still on the address step, and no country is offered with an empty value.
    expect(screen.getByRole('heading', { name: 'Delivery address' })).toBeInTheDocument();
    const countries = within(screen.getByLabelText('Country')).getAllByRole('option');
    expect(countries.every((o) => (o as HTMLOptionElement).value !== '')).toBe(true);
  });

  it('offers the last address again, and can start from an empty one', async () => {
    const user = await start(address);
    expect(screen.getByText('We filled in the address of your last order.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Country')).toHaveValue('GB');

    await user.click(screen.getByRole('button', { name: 'Use a different address' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.queryByText('We filled in the address of your last order.')).not.toBeInTheDocument();
  });

  it('shows the server-priced delivery, asks for a payment method, reviews and places the order once', async () => {
    const user = await start();
    expect(document.title).toBe('Checkout · Store');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to delivery' }));

    expect(await screen.findByRole('radio', { name: /Standard delivery.*\$4\.95/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Express delivery.*\$14\.95/ }));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$74.95');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(screen.queryByRole('radio', { name: /card/i })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a payment method');
    await user.click(screen.getByRole('radio', { name: /Pay later/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to review' }));

    const review = await screen.findByRole('region', { name: 'Review your order' });
    expect(within(review).getByText('Amber Lamp')).toBeInTheDocument();
    expect(within(review).getByText('2 × $30.00')).toBeInTheDocument();
    expect(within(review).getByRole('region', { name: 'Delivery address' })).toHaveTextContent('N1 9GU London');
    expect(within(review).getByRole('region', { name: 'Delivery' })).toHaveTextContent('Express delivery');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$74.95');

    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const button = screen.getByRole('button', { name: 'Place order' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveTextContent('Placing order…');
    await user.click(button);
    release();

    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(document.title).toBe('Order confirmed · Store');
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body)).toEqual({
      address,
      delivery_method: 'EXPRESS',
      payment_method: 'PAY_LATER',
    });
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[\w-]{16,}$/);
    expect(screen.getByText('ORD-TEST-1')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Please pay $64.95 by December 7, 2026');
    await waitFor(() => expect(cartLines()).toEqual([]));
  });

  it('shows a stock refusal with a way to the cart, and the next attempt uses a new key', async () => {
    const user = await start(address);
    await toReview(user);
    placeAnswer = () => ({
      status: 409,
      body: {
        code: 'out_of_stock',
        detail: 'Only 1 left of Amber Lamp (colour: amber) (you have 2 in your cart).',
        lines: [{ product_id: 1, variant_id: 11, name: 'Amber Lamp', requested: 2, available: 1 }],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only 1 left of Amber Lamp (colour: amber) (you have 2 in your cart).');

    placeAnswer = () => ({ status: 201, body: order });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    const keys = api.requests.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('repeats a request whose outcome is unknown with the same key', async () => {
    const user = await start(address);
    await toReview(user, /Cash on delivery/);
    // Every try (the client's own retries included) ends in a 503: nobody knows if the order exists.
    placeAnswer = () => ({ status: 503, body: { detail: 'Service unavailable.' } });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable.');

    placeAnswer = () => ({ status: 201, body: order });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    const keys = new Set(api.requests.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
  });

  it('follows the stock refusal to the cart', async () => {
    const user = await start(address);
    await toReview(user);
    placeAnswer = () => ({
      status: 409,
      body: {
        code: 'out_of_stock',
        detail: 'Amber Lamp (colour: amber) is out of stock.',
        lines: [{ product_id: 1, variant_id: 11, name: 'Amber Lamp', requested: 2, available: 0 }],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await user.click(await screen.findByRole('link', { name: 'Fix it in your cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
  });
});
