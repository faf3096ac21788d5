import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import { queryClient, queryKeys } from '@store/http';
import {
  cartItem,
  renderWithProviders,
  resetSession,
  signIn,
  startApi,
  type TestApi,
  userProfile,
} from '@store/testing';
import { startFirstPage, views } from './routes';

const profile = userProfile({
  cart: { id: 3, cart_items: [cartItem({ product: { id: 1 }, variant: { id: 11 }, quantity: 2 })] },
});

let api: TestApi;

afterEach(async () => {
  await api.close();
  resetSession();
  window.history.pushState({}, '', '/');
});

describe('startFirstPage', () => {
  it('signed in at /account, settles with the page chunk and the profile there (one users/me, the cart with it)', async () => {
    api = await startApi(() => ({ status: 200, body: profile }));
    signIn();
    window.history.pushState({}, '', '/account');
    await startFirstPage('/account');
    expect(queryClient.getQueryData(queryKeys.profile)).toEqual(expect.objectContaining({ email: profile.email }));
    expect(queryClient.getQueryData(queryKeys.cart)).toEqual([expect.objectContaining({ quantity: 2 })]);

    renderWithProviders(
      <Suspense fallback={<p>Loading page</p>}>
        <views.Account />
      </Suspense>,
      { route: '/account' },
    );
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(api.calls()).toEqual(['GET /api/users/me']);
  });

  it('signed out, or at an address of another room, asks the API for nothing', async () => {
    api = await startApi(() => ({ status: 200, body: profile }));
    await startFirstPage('/account');
    signIn();
    await startFirstPage('/cart');
    await startFirstPage('/account/extra');
    expect(api.calls()).toEqual([]);
  });
});
