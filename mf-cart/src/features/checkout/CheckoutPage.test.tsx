import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@store/session';
import { cartItem, renderScreen, resetStore, signIn } from '../../testing/cartFixtures';
import CheckoutPage from './CheckoutPage';

afterEach(async () => {
  await resetStore();
});

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
    sessionStore
      .getState()
      .replaceCart([
        cartItem({ productId: 1, variantId: 11, name: 'Linen Tee', regularPrice: '20.00', quantity: 2 }),
        cartItem({ productId: 2, variantId: 21, name: 'Cap', salePrice: '8.50', regularPrice: '12.00', quantity: 1 }),
      ]);
    renderScreen(<CheckoutPage />, { path: '/checkout' });

    expect(screen.getByText('Your cart: 3 items, $48.50.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Checkout' })).toHaveAttribute('data-boundary', 'mf-cart');
  });
});
