import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import { queryClient, queryKeys } from '@store/http';
import { cartItem, resetSession, signIn } from '@store/testing';
import { startCartServer, type CartServer } from '../testing/cartServer';
import { renderScreen } from '../testing/renderScreen';
import { startFirstPage, views } from './routes';

const tee = cartItem({
  product: { id: 1, name: 'Linen Tee' },
  variant: { id: 11, regular_price: '20.00', attributes: { size: 'M', colour: 'White' } },
  quantity: 2,
});

let server: CartServer;

afterEach(async () => {
  resetSession();
  await server.close();
});

describe('startFirstPage', () => {
  it('signed in at /cart, settles with the page chunk and the cart there: the page shows its lines at once', async () => {
    server = await startCartServer([tee]);
    signIn();
    await startFirstPage('/cart');
    expect(queryClient.getQueryData(queryKeys.cart)).toEqual([expect.objectContaining({ quantity: 2 })]);

    renderScreen(
      <Suspense fallback={<p>Loading page</p>}>
        <views.Cart />
      </Suspense>,
    );
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(server.calls()).toEqual(['GET /api/users/me']);
  });

  it('signed out, or on an address of another room, asks the API for nothing', async () => {
    server = await startCartServer([tee]);
    await startFirstPage('/cart');
    signIn();
    await startFirstPage('/products');
    await startFirstPage('/cart/extra');
    expect(server.calls()).toEqual([]);
  });
});
