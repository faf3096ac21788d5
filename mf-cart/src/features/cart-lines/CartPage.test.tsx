import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@store/session';
import { cartItem, resetSession, setCart, signIn } from '@store/testing';
import { cartLoaded, startCartServer, type CartServer } from '../../testing/cartServer';
import { renderScreen } from '../../testing/renderScreen';
import CartPage from './CartPage';

const tee = cartItem({
  product: { id: 1, name: 'Linen Tee' },
  variant: { id: 11, regular_price: '20.00', attributes: { size: 'M', colour: 'White' } },
  quantity: 2,
});
const jeans = cartItem({
  product: { id: 2, name: 'Slim Jeans' },
  variant: { id: 21, sale_price: '35.00', regular_price: '50.00', attributes: { size: '32' } },
  quantity: 1,
});

let server: CartServer;

afterEach(async () => {
  resetSession();
  await server.close();
});

/** Signed in with `lines` on the server, the page's cart loaded from there. */
async function openCart(lines = [tee, jeans]) {
  server = await startCartServer(lines);
  signIn();
  const user = userEvent.setup();
  renderScreen(<CartPage />);
  await waitFor(() => expect(cartLoaded()).toBe(true));
  return user;
}

const line = (name: string) => screen.getByRole('listitem', { name });
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
const figures = () =>
  within(summary())
    .getAllByRole('definition')
    .map((d) => d.textContent);

describe('CartPage signed out', () => {
  it('shows the sign-in state, asks the shell for the sign-in dialog and toasts the spec message', async () => {
    server = await startCartServer([tee]);
    const user = userEvent.setup();
    renderScreen(<CartPage />);

    expect(screen.getByRole('heading', { name: 'Sign in to see your cart' })).toBeInTheDocument();
    expect(sessionStore.getState().dialog).toEqual({ kind: 'login', returnTo: '/cart' });
    expect(await screen.findByText('Please login to view your cart!')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Cart items' })).not.toBeInTheDocument();

    sessionStore.getState().closeDialog();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(sessionStore.getState().dialog).toEqual({ kind: 'login', returnTo: '/cart' });
    // Nothing is asked of the server for a visitor.
    expect(server.calls()).toEqual([]);
  });
});

describe('CartPage signed in', () => {
  it('lists each line with its attributes, unit price, sale and line total, and sums the cart', async () => {
    await openCart();

    const teeLine = line('Linen Tee');
    expect(within(teeLine).getByRole('link', { name: 'Linen Tee' })).toHaveAttribute('href', '/products/1');
    expect(within(teeLine).getByText('Size: M · Colour: White')).toBeInTheDocument();
    expect(within(teeLine).getByText('$20.00')).toBeInTheDocument();
    expect(within(teeLine).getByLabelText('Line total $40.00')).toHaveTextContent('$40.00');
    expect(within(teeLine).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    // Not on sale: no struck-through price.
    expect(teeLine.querySelector('s')).toBeNull();

    const jeansLine = line('Slim Jeans');
    expect(within(jeansLine).getByText('Size: 32')).toBeInTheDocument();
    // On sale: the sale price is the unit price, the regular price is struck through.
    expect(within(jeansLine).getByLabelText('Line total $35.00')).toBeInTheDocument();
    expect(within(jeansLine).getByText('$50.00').tagName).toBe('S');

    expect(figures()).toEqual(['3', '$75.00']);
  });

  it("shows the server's cart, read with the profile in one request", async () => {
    await openCart([jeans]);

    expect(await screen.findByRole('listitem', { name: 'Slim Jeans' })).toBeInTheDocument();
    expect(figures()).toEqual(['1', '$35.00']);
    expect(server.calls()).toEqual(['GET /api/users/me']);
  });

  it('a cart already on the page is shown at once, with no request', async () => {
    server = await startCartServer([jeans]);
    signIn();
    setCart([tee]);
    renderScreen(<CartPage />);

    expect(screen.getByRole('listitem', { name: 'Linen Tee' })).toBeInTheDocument();
    expect(server.calls()).toEqual([]);
  });

  it("'+' and '−' change the cart at once, then send the new quantity", async () => {
    const user = await openCart();
    const release = server.hold();

    await user.click(within(line('Linen Tee')).getByRole('button', { name: 'Increase quantity' }));
    // The screen follows before the server has answered.
    expect(within(line('Linen Tee')).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
    expect(within(line('Linen Tee')).getByLabelText('Line total $60.00')).toBeInTheDocument();
    expect(figures()).toEqual(['4', '$95.00']);
    release();
    await waitFor(() => expect(server.calls()).toContain('PUT /api/products/update-cart-item/1/11 {"quantity":3}'));

    await user.click(within(line('Linen Tee')).getByRole('button', { name: 'Decrease quantity' }));
    expect(within(line('Linen Tee')).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    await waitFor(() => expect(server.calls()).toContain('PUT /api/products/update-cart-item/1/11 {"quantity":2}'));
    await waitFor(() => expect(server.lines().find((i) => i.product.id === 1)?.quantity).toBe(2));
    expect(figures()).toEqual(['3', '$75.00']);
  });

  it("'−' at quantity 1 removes the line", async () => {
    const user = await openCart();

    await user.click(within(line('Slim Jeans')).getByRole('button', { name: 'Decrease quantity' }));

    expect(screen.queryByRole('listitem', { name: 'Slim Jeans' })).not.toBeInTheDocument();
    expect(await screen.findByText('Item removed from cart!')).toBeInTheDocument();
    expect(server.calls()).toContain('DELETE /api/products/remove-from-cart/2/21');
    expect(server.calls().some((c) => c.startsWith('PUT'))).toBe(false);
    expect(figures()).toEqual(['2', '$40.00']);
  });

  it('Remove deletes the line on the server and says so', async () => {
    const user = await openCart();

    await user.click(screen.getByRole('button', { name: 'Remove Linen Tee' }));

    expect(screen.queryByRole('listitem', { name: 'Linen Tee' })).not.toBeInTheDocument();
    expect(await screen.findByText('Item removed from cart!')).toBeInTheDocument();
    expect(server.calls()).toContain('DELETE /api/products/remove-from-cart/1/11');
    expect(server.lines().map((i) => i.product.name)).toEqual(['Slim Jeans']);
    expect(figures()).toEqual(['1', '$35.00']);
  });

  it('a failed remove puts the line back and says it failed', async () => {
    const user = await openCart();
    server.failNext('remove-from-cart', 400, 'Cannot remove this item.');

    await user.click(screen.getByRole('button', { name: 'Remove Linen Tee' }));

    expect(await screen.findByText('Failed to remove item from cart!')).toBeInTheDocument();
    expect(line('Linen Tee')).toBeInTheDocument();
    // Back in its place, with its quantity.
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Linen Tee',
      'Slim Jeans',
    ]);
    expect(within(line('Linen Tee')).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    expect(figures()).toEqual(['3', '$75.00']);
    // After a failure the page reads the server's cart again.
    await waitFor(() => expect(server.calls().filter((c) => c === 'GET /api/users/me')).toHaveLength(2));
  });

  it('Clear cart asks first, then empties the cart on both sides', async () => {
    const user = await openCart();

    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    let dialog = screen.getByRole('dialog', { name: 'Clear your cart?' });
    expect(dialog).toHaveAccessibleDescription('This removes every item from your cart.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep items' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(server.calls().some((c) => c.includes('clear-cart'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    dialog = screen.getByRole('dialog', { name: 'Clear your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear cart' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(await screen.findByText('Cart cleared!')).toBeInTheDocument();
    expect(server.calls()).toContain('DELETE /api/products/clear-cart');
    expect(server.lines()).toEqual([]);
  });

  it('an empty cart offers a way back to the products', async () => {
    const user = await openCart([]);

    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear cart' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Continue shopping' }));
    expect(screen.getByText('Now at /products')).toBeInTheDocument();
  });

  it('a cart that could not be loaded says so and offers to try again, instead of "empty"', async () => {
    server = await startCartServer([tee]);
    server.failNext('/api/users/me', 400, 'The store is busy.');
    signIn();
    const user = userEvent.setup();
    renderScreen(<CartPage />);
    expect(await screen.findByRole('heading', { name: 'Your cart could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('The store is busy.')).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Linen Tee' })).toBeInTheDocument();
  });

  it('Checkout goes to /checkout', async () => {
    const user = await openCart();

    await user.click(within(summary()).getByRole('link', { name: 'Checkout' }));
    expect(screen.getByText('Now at /checkout')).toBeInTheDocument();
  });

  it('is marked as the cart team’s screen', async () => {
    await openCart();
    expect(screen.getByRole('heading', { name: 'Your cart' }).closest('[data-boundary]')).toHaveAttribute(
      'data-boundary',
      'mf-cart',
    );
  });
});
