import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCart } from '@store/shopper';
import { cartItem, cartLines, resetSession, setCart, signIn } from '@store/testing';
import { startCartServer, type CartServer } from '../../testing/cartServer';
import { renderScreen } from '../../testing/renderScreen';
import { CartLine } from './CartLine';

const tee = cartItem({
  product: { id: 1, name: 'Linen Tee' },
  variant: { id: 11, regular_price: '20.00', attributes: { size: 'M' } },
  quantity: 2,
});
const cap = cartItem({
  product: { id: 3, name: 'Cap' },
  variant: { id: 31, sale_price: '8.50', regular_price: '12.00' },
  quantity: 1,
});

/** The lines of the cart, as the cart page lists them. */
function Lines() {
  const cart = useCart().data ?? [];
  return (
    <ul aria-label="Cart items">
      {cart.map((item) => (
        <CartLine key={`${item.product.id}:${item.variant.id}`} item={item} />
      ))}
    </ul>
  );
}

let server: CartServer;

beforeEach(async () => {
  server = await startCartServer([tee, cap]);
  signIn();
  setCart([tee, cap]);
});
afterEach(async () => {
  resetSession();
  await server.close();
});

const quantityOf = (name: string) =>
  within(screen.getByRole('listitem', { name })).getByRole('spinbutton', { name: 'Quantity' });
const localQuantity = (productId: number) => cartLines().find(([id]) => id === productId)?.[2];

describe('CartLine', () => {
  it('shows the sale price, the regular price struck through and the line total', () => {
    renderScreen(<Lines />);
    const line = screen.getByRole('listitem', { name: 'Cap' });
    expect(within(line).getByText('$8.50', { selector: 'span' })).toBeInTheDocument();
    expect(within(line).getByText('$12.00').tagName).toBe('S');
    expect(within(line).getByLabelText('Line total $8.50')).toBeInTheDocument();
    expect(within(line).getByRole('link', { name: 'Cap' })).toHaveAttribute('href', '/products/3');
  });

  it("loads the product image from the API's origin (the remote may be embedded elsewhere)", () => {
    renderScreen(<Lines />);
    const image = within(screen.getByRole('listitem', { name: 'Cap' })).getByRole('presentation');
    expect(image).toHaveAttribute('src', `${new URL(server.baseURL).origin}/api/media/products/3/1.svg`);
  });

  it('typing a quantity and pressing Enter sets it', async () => {
    const user = userEvent.setup();
    renderScreen(<Lines />);

    await user.clear(quantityOf('Linen Tee'));
    await user.type(quantityOf('Linen Tee'), '5{Enter}');

    expect(localQuantity(1)).toBe(5);
    expect(screen.getByLabelText('Line total $100.00')).toBeInTheDocument();
    // Leaving the field after Enter does not send it again.
    await user.tab();
    await waitFor(() => expect(server.calls()).toEqual(['PUT /api/products/update-cart-item/1/11 {"quantity":5}']));
  });

  it('leaving the field sets the typed quantity', async () => {
    const user = userEvent.setup();
    renderScreen(<Lines />);

    await user.clear(quantityOf('Linen Tee'));
    await user.type(quantityOf('Linen Tee'), '4');
    // Nothing is sent while typing.
    expect(localQuantity(1)).toBe(2);
    await user.tab();

    expect(localQuantity(1)).toBe(4);
    await waitFor(() => expect(server.calls()).toEqual(['PUT /api/products/update-cart-item/1/11 {"quantity":4}']));
    expect(quantityOf('Linen Tee')).toHaveValue(4);
  });

  it('a quantity of 0 removes the line', async () => {
    const user = userEvent.setup();
    renderScreen(<Lines />);

    await user.clear(quantityOf('Linen Tee'));
    await user.type(quantityOf('Linen Tee'), '0{Enter}');

    expect(screen.queryByRole('listitem', { name: 'Linen Tee' })).not.toBeInTheDocument();
    expect(await screen.findByText('Item removed from cart!')).toBeInTheDocument();
    expect(server.calls()).toEqual(['DELETE /api/products/remove-from-cart/1/11']);
  });

  it('an emptied field left without a number keeps the quantity', async () => {
    const user = userEvent.setup();
    renderScreen(<Lines />);

    await user.clear(quantityOf('Linen Tee'));
    await user.tab();

    expect(quantityOf('Linen Tee')).toHaveValue(2);
    expect(localQuantity(1)).toBe(2);
    expect(server.calls()).toEqual([]);
  });

  it('the same quantity sends nothing; more than the stock is capped at the stock, + stops there', async () => {
    const user = userEvent.setup();
    renderScreen(<Lines />);
    const stock = tee.variant.stock;

    await user.clear(quantityOf('Linen Tee'));
    await user.type(quantityOf('Linen Tee'), '2{Enter}');
    expect(server.calls()).toEqual([]);

    await user.clear(quantityOf('Linen Tee'));
    await user.type(quantityOf('Linen Tee'), '5000{Enter}');
    expect(localQuantity(1)).toBe(stock);
    await waitFor(() =>
      expect(server.calls()).toEqual([`PUT /api/products/update-cart-item/1/11 {"quantity":${stock}}`]),
    );
    const line = screen.getByRole('listitem', { name: 'Linen Tee' });
    expect(within(line).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('a refused update puts the old quantity back and shows the server message', async () => {
    const user = userEvent.setup();
    renderScreen(<Lines />);
    server.failNext('update-cart-item', 400, 'Only 3 left in stock.');
    // Hold the refusal, so the change the screen makes first can be seen before it is rolled back.
    const release = server.hold();

    await user.click(
      within(screen.getByRole('listitem', { name: 'Linen Tee' })).getByRole('button', {
        name: 'Increase quantity',
      }),
    );
    expect(localQuantity(1)).toBe(3);

    release();
    expect(await screen.findByText('Only 3 left in stock.')).toBeInTheDocument();
    expect(localQuantity(1)).toBe(2);
    expect(quantityOf('Linen Tee')).toHaveValue(2);
  });
});
