import type { ReactNode } from 'react';
import { act, configure, renderHook, waitFor } from '@testing-library/react';
import { queryClient, QueryClientProvider } from '@store/http';
import { sessionStore } from '@store/session';
import { closeTestServer, productCard, recordToasts, resetSession, signIn } from '@store/testing';
import { startShopApi, type ShopApi } from './testing/shopApi';
import { useToggleWishlist, useWishlist, wishlistMessages } from './wishlist';

// Answers come over real loopback HTTP; on a busy machine the first one can take seconds.
configure({ asyncUtilTimeout: 8000 });

const runner = productCard({ id: 1, name: 'Trail Runner' });
const sandal = productCard({ id: 2, name: 'Beach Sandal' });

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const useHeart = () => ({ list: useWishlist(), heart: useToggleWishlist() });
const ids = (result: { current: ReturnType<typeof useHeart> }) =>
  result.current.list.data?.data.map((i) => i.product.id);

let server: ShopApi;
let toasts: string[] = [];
beforeEach(async () => {
  server = await startShopApi({ wishlist: [sandal] });
  toasts = recordToasts();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await closeTestServer(server);
  resetSession();
});

describe('wishlist', () => {
  it('a heart adds at once, then on the server; pressed again it removes', async () => {
    signIn();
    const { result } = renderHook(useHeart, { wrapper });
    await waitFor(() => expect(ids(result)).toEqual([2]));
    expect(result.current.heart.isInWishlist(1)).toBe(false);

    const release = server.hold();
    act(() => result.current.heart.toggle(runner));
    // On the page before the server has answered.
    await waitFor(() => expect(ids(result)).toEqual([1, 2]));
    expect(result.current.heart.isInWishlist(1)).toBe(true);
    release();
    await waitFor(() => expect(toasts).toEqual([`success:${wishlistMessages.added}`]));
    expect(server.wishlist()).toEqual([1, 2]);

    act(() => result.current.heart.toggle(runner));
    await waitFor(() => expect(toasts).toContain(`success:${wishlistMessages.removed}`));
    expect(ids(result)).toEqual([2]);
    expect(server.wishlist()).toEqual([2]);
    expect(server.calls()).toEqual([
      'GET /api/users/me/wishlist',
      'POST /api/users/me/wishlist',
      'DELETE /api/users/me/wishlist/1',
    ]);
  });

  it('a failed heart is rolled back with the server message', async () => {
    signIn();
    const { result } = renderHook(useHeart, { wrapper });
    await waitFor(() => expect(ids(result)).toEqual([2]));

    server.failOnce('/users/me/wishlist/2', 1, 400, 'Not now.');
    act(() => result.current.heart.toggle(sandal));
    await waitFor(() => expect(toasts).toEqual(['error:Not now.']));
    expect(ids(result)).toEqual([2]);
    expect(result.current.heart.isInWishlist(2)).toBe(true);
    expect(server.wishlist()).toEqual([2]);
  });

  it('signed out, a heart asks to sign in; the sign-in adds it, unless the wishlist already holds it', async () => {
    const { result } = renderHook(useHeart, { wrapper });
    act(() => result.current.heart.toggle(sandal));
    expect(toasts).toEqual([`error:${wishlistMessages.login}`]);
    const dialog = sessionStore.getState().dialog;
    expect(dialog).toMatchObject({ kind: 'login' });
    expect(server.calls()).toEqual([]);

    // Already there: read, not added again.
    signIn();
    await act(async () => {
      await dialog?.resume?.();
    });
    expect(server.calls().filter((c) => c.startsWith('POST'))).toEqual([]);
    expect(toasts).toContain(`success:${wishlistMessages.added}`);

    act(() => sessionStore.getState().logout());
    act(() => result.current.heart.toggle(runner));
    signIn();
    await act(async () => {
      await sessionStore.getState().dialog?.resume?.();
    });
    expect(server.wishlist()).toEqual([1, 2]);
    await waitFor(() => expect(ids(result)).toEqual([1, 2]));
  });
});
