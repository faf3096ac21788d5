import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartItem, resetSession, setCart, signIn } from '@store/testing';
import { renderScreen } from '../testing/renderScreen';
import MiniCart from './MiniCart';

const lines = [
  cartItem({ product: { id: 1, name: 'Linen Tee' }, variant: { id: 11, regular_price: '20.00' }, quantity: 2 }),
  cartItem({
    product: { id: 2, name: 'Slim Jeans' },
    variant: { id: 21, sale_price: '35.00', regular_price: '50.00' },
    quantity: 1,
  }),
  cartItem({ product: { id: 3, name: 'Cap' }, variant: { id: 31, regular_price: '12.00' }, quantity: 1 }),
  cartItem({ product: { id: 4, name: 'Socks' }, variant: { id: 41, regular_price: '4.25' }, quantity: 4 }),
];

afterEach(resetSession);

const preview = () => screen.getByLabelText('Cart preview');

describe('MiniCart', () => {
  it('shows the count and subtotal of the cart in the store', () => {
    signIn();
    setCart(lines.slice(0, 2));
    renderScreen(<MiniCart />, { path: '/' });

    expect(within(preview()).getByText('2 × Linen Tee').nextSibling).toHaveTextContent('$40.00');
    expect(within(preview()).getByText('1 × Slim Jeans').nextSibling).toHaveTextContent('$35.00');
    expect(within(preview()).getByText('3 items').nextSibling).toHaveTextContent('$75.00');
    expect(preview()).toHaveAttribute('data-boundary', 'mf-cart');
  });

  it('lists three lines at most and counts every item', () => {
    signIn();
    setCart(lines);
    renderScreen(<MiniCart />, { path: '/' });

    expect(within(preview()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(preview()).queryByText(/Socks/)).not.toBeInTheDocument();
    expect(within(preview()).getByText('and 1 more')).toBeInTheDocument();
    // 2 + 1 + 1 + 4 items; $40 + $35 + $12 + $17.
    expect(within(preview()).getByText('8 items').nextSibling).toHaveTextContent('$104.00');
  });

  it('follows the cart and says when it is empty', async () => {
    renderScreen(<MiniCart />, { path: '/' });
    expect(within(preview()).getByText('Your cart is empty')).toBeInTheDocument();

    setCart(lines.slice(2, 3));
    expect((await within(preview()).findByText('1 item')).nextSibling).toHaveTextContent('$12.00');
    expect(within(preview()).queryByText('Your cart is empty')).not.toBeInTheDocument();
  });

  it('View cart goes to /cart and tells the host', async () => {
    const user = userEvent.setup();
    const onNavigate = jest.fn();
    renderScreen(<MiniCart onNavigate={onNavigate} />, { path: '/' });

    await user.click(screen.getByRole('link', { name: 'View cart' }));

    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Now at /cart')).toBeInTheDocument();
  });
});
