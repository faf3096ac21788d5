import type { ReactNode } from 'react';
import { act, configure, renderHook, waitFor } from '@testing-library/react';
import { queryClient, QueryClientProvider, queryKeys } from '@store/http';
import { cartItem, cartLines, closeTestServer, recordToasts, resetSession, signIn, userProfile } from '@store/testing';
import { setCartQuantity, useCart, useCartCount } from './cart';
import { storeProfile, useProfile } from './profile';
import { startShopApi, type ShopApi } from './testing/shopApi';

// Answers come over real loopback HTTP; on a busy machine the first one can take seconds.
configure({ asyncUtilTimeout: 8000 });

const tee = cartItem({ product: { id: 1, name: 'Tee' }, variant: { id: 11 }, quantity: 2 });
const cap = cartItem({ product: { id: 3, name: 'Cap' }, variant: { id: 31 }, quantity: 1 });

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

let server: ShopApi;
beforeEach(async () => {
  server = await startShopApi({ cart: [tee] });
  recordToasts();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await closeTestServer(server);
  resetSession();
});

describe('useProfile', () => {
  it('signed out, reads nothing', async () => {
    const { result } = renderHook(() => ({ profile: useProfile(), count: useCartCount() }), { wrapper });
    expect(result.current.profile.fetchStatus).toBe('idle');
    expect(result.current.count).toBe(0);
    expect(server.calls()).toEqual([]);
  });

  it('one users/me read fills the profile (without its cart) and the cart, however many screens ask', async () => {
    signIn();
    const { result } = renderHook(() => ({ profile: useProfile(), cart: useCart(), count: useCartCount() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.profile.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.cart.isSuccess).toBe(true));

    expect(server.calls()).toEqual(['GET /api/users/me']);
    expect(result.current.profile.data).toMatchObject({ email: 'ada@example.com', first_name: 'Ada' });
    expect(result.current.profile.data).not.toHaveProperty('cart');
    expect(cartLines()).toEqual([[1, 11, 2]]);
    expect(result.current.count).toBe(2);
  });

  it("every profile load puts the server's cart on the page", async () => {
    signIn();
    const { result } = renderHook(() => ({ profile: useProfile(), count: useCartCount() }), { wrapper });
    await waitFor(() => expect(result.current.count).toBe(2));

    // Another device added a cap.
    server.setLine(cap);
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.profile }));
    await waitFor(() => expect(result.current.count).toBe(3));
    expect(cartLines()).toEqual([
      [1, 11, 2],
      [3, 31, 1],
    ]);
  });

  it('a profile answer that comes while a cart call is on its way leaves the cart to that call', async () => {
    signIn();
    const { result } = renderHook(() => useProfile(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    const release = server.hold();
    let change: Promise<void> = Promise.resolve();
    act(() => {
      change = setCartQuantity(1, 11, 5);
      // A users/me answer of the cart before the change (the PATCH users/me answer, another read).
      storeProfile(userProfile({ first_name: 'Augusta', cart: { id: 1, cart_items: [tee] } }));
    });
    expect(cartLines()).toEqual([[1, 11, 5]]);
    expect(queryClient.getQueryData(queryKeys.profile)).toMatchObject({ first_name: 'Augusta' });
    release();
    await act(() => change);
    expect(cartLines()).toEqual([[1, 11, 5]]);
    expect(server.lines()).toEqual([[1, 11, 5]]);
  });

  it('a profile read already on its way when a cart call starts is dropped', async () => {
    signIn();
    const { result } = renderHook(() => ({ profile: useProfile(), cart: useCart() }), { wrapper });
    await waitFor(() => expect(result.current.cart.isSuccess).toBe(true));
    const seen: number[][][] = [];
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === 'cart' && event.type === 'updated') seen.push(cartLines());
    });

    const release = server.hold();
    act(() => void queryClient.invalidateQueries({ queryKey: queryKeys.profile }));
    await waitFor(() => expect(server.calls()).toHaveLength(2));
    let change: Promise<void> = Promise.resolve();
    act(() => {
      change = setCartQuantity(1, 11, 4);
    });
    release();
    await act(() => change);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    stop();

    // The read described the cart before the change (2): the page never went back to it.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((lines) => lines[0]?.[2] === 4)).toBe(true);
    expect(cartLines()).toEqual([[1, 11, 4]]);
  });
});
