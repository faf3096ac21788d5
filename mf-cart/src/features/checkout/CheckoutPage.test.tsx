import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@store/session';
import { cartItem, resetSession, signIn } from '@store/testing';
import { renderScreen } from '../../testing/renderScreen';
import CheckoutPage from './CheckoutPage';

afterEach(resetSession);

describe('CheckoutPage', () => {
  it('shows its placeholder text and a way back to the cart', async () => {
    const user = userEvent.setup();
    renderScreen(<CheckoutPage />, { path: '/checkout' });

    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Checkout is coming soon.')).toBeInTheDocument();
    expect(screen.queryByText(/Your cart:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to cart' }));
    expect(screen.getByText('Now at /cart')).toBeInTheDocument();
  });

  it('recalls what is in the cart', () => {
    signIn();
    sessionStore.getState().replaceCart([
      cartItem({ product: { id: 1, name: 'Linen Tee' }, variant: { id: 11, regular_price: '20.00' }, quantity: 2 }),
      cartItem({
        product: { id: 2, name: 'Cap' },
        variant: { id: 21, sale_price: '8.50', regular_price: '12.00' },
        quantity: 1,
      }),
    ]);
    renderScreen(<CheckoutPage />, { path: '/checkout' });

    expect(screen.getByText('Your cart: 3 items, $48.50.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Checkout' })).toHaveAttribute('data-boundary', 'mf-cart');
  });
});
