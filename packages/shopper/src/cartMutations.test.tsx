import type { ReactNode } from 'react';
import { act, configure, renderHook, waitFor } from '@testing-library/react';
import { queryClient, QueryClientProvider } from '@store/http';
import { cartItem, cartLines, closeTestServer, recordToasts, resetSession, signIn } from '@store/testing';
import { addToCart, clearCart, removeFromCart, setCartQuantity, useCart } from './cart';
import { startShopApi, type ShopApi } from './testing/shopApi';
import { toast } from '@store/ui';

// Answers come over real loopback HTTP; on a busy machine the first one can take seconds.
configure({ asyncUtilTimeout: 8000 });

const tee = cartItem({ product: { id: 1, name: 'Tee' }, variant: { id: 11, stock: 50 }, quantity: 1 });
const cap = cartItem({ product: { id: 3, name: 'Cap' }, variant: { id: 31, stock: 50 }, quantity: 1 });

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

let server: ShopApi;
beforeEach(async () => {
  server = await startShopApi({ cart: [tee, cap] });
  recordToasts();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await closeTestServer(server);
  resetSession();
});

/** Signed in, with the cart loaded from the server and kept on screen (as the top bar does). */
async function loadedCart() {
  signIn();
  const { result } = renderHook(() => useCart(), { wrapper });
  await waitFor(() => expect([result.current.status, server.calls()]).toEqual(['success', ['GET /api/users/me']]));
  server.requests.length = 0;
}

/** Runs `start` inside act and waits for everything it started. */
async function settled(start: () => Promise<unknown>[]) {
  let calls: Promise<unknown>[] = [];
  act(() => {
    calls = start();
  });
  await act(() => Promise.all(calls));
  await waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
}

describe('cart calls', () => {
  it("one line's calls go one after another; another line's go meanwhile", async () => {
    await loadedCart();
    const release = server.hold();
    let calls: Promise<unknown>[] = [];
    act(() => {
      calls = [addToCart(tee.product, tee.variant), addToCart(tee.product, tee.variant), setCartQuantity(3, 31, 5)];
    });
    expect(cartLines()).toEqual([
      [1, 11, 3],
      [3, 31, 5],
    ]);
    // The second add waits for the first one's answer; the cap's change does not wait.
    await waitFor(() => expect(server.calls()).toHaveLength(2));
    expect(server.calls().sort()).toEqual([
      'POST /api/products/add-to-cart',
      'PUT /api/products/update-cart-item/3/31',
    ]);
    release();
    await act(() => Promise.all(calls));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(server.lines()).toEqual([
      [1, 11, 3],
      [3, 31, 5],
    ]);
    // Two lines changed at once: their answers may cross, so the cart is read again once at the end.
    expect(server.calls().filter((c) => c === 'GET /api/users/me')).toHaveLength(1);
    expect(cartLines()).toEqual(server.lines());
  });

  it('a burst on one line takes the last answer as the cart, with no extra read', async () => {
    await loadedCart();
    server.setLine({ ...cap, quantity: 7 }); // another device
    await settled(() => [addToCart(tee.product, tee.variant, 3)]);
    expect(server.calls()).toEqual(Array(3).fill('POST /api/products/add-to-cart'));
    expect(cartLines()).toEqual([
      [1, 11, 4],
      [3, 31, 7],
    ]);
  });

  it('a failed call undoes only its own change, and the cart is read again', async () => {
    await loadedCart();
    server.failOnce('remove-from-cart/1/11');
    await settled(() => [removeFromCart(1, 11), setCartQuantity(3, 31, 2)]);
    expect(cartLines()).toEqual([
      [1, 11, 1],
      [3, 31, 2],
    ]);
    expect(server.calls()).toContain('GET /api/users/me');
    expect(server.lines()).toEqual(cartLines());
  });

  it('a failed clear puts the cart back; a clear that works empties both sides', async () => {
    await loadedCart();
    server.failOnce('clear-cart');
    await settled(() => [clearCart()]);
    expect(cartLines()).toEqual([
      [1, 11, 1],
      [3, 31, 1],
    ]);
    await settled(() => [clearCart()]);
    expect(cartLines()).toEqual([]);
    expect(server.lines()).toEqual([]);
  });

  it('a failed quantity change is undone unless the line changed since', async () => {
    await loadedCart();
    server.failOnce('update-cart-item/1/11', 1, 400, 'Only 1 left in stock.');
    await settled(() => [setCartQuantity(1, 11, 2)]);
    expect(cartLines()[0]).toEqual([1, 11, 1]);
    expect(toast.error).toHaveBeenCalledWith('Only 1 left in stock.', { id: 'cart-quantity-1-11' });
  });
});
