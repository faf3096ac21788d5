import type { CartItem } from '@store/contracts';
import { queryClient, queryKeys } from '@store/http';
import { answerGate, startApi, userProfile } from '@store/testing';

/**
 * A real cart API on loopback: it keeps its own lines, answers `users/me` with them, applies
 * update/remove/clear like the API does, can be told to fail the next call to a path, and can hold
 * its answers back until released (to see what the screen shows while a call is in flight).
 */
export async function startCartServer(initial: CartItem[] = []) {
  let lines = initial.map((item) => ({ ...item }));
  let failNext: { path: string; status: number; detail: string } | null = null;
  const gate = answerGate();
  const cart = () => ({ id: 1, cart_items: lines });
  const api = await startApi(async (req, body) => {
    await gate.wait();
    const url = req.url ?? '';
    if (failNext && url.includes(failNext.path)) {
      const { status, detail } = failNext;
      failNext = null;
      return { status, body: { detail } };
    }
    const [productId, variantId] = url.split('/').slice(-2).map(Number);
    const same = (item: CartItem) => item.product.id === productId && item.variant.id === variantId;
    if (req.method === 'GET' && url === '/api/users/me') return { status: 200, body: userProfile({ cart: cart() }) };
    if (req.method === 'PUT' && url.includes('/api/products/update-cart-item/')) {
      const { quantity } = JSON.parse(body) as { quantity: number };
      lines = quantity <= 0 ? lines.filter((i) => !same(i)) : lines.map((i) => (same(i) ? { ...i, quantity } : i));
    } else if (req.method === 'DELETE' && url.includes('/api/products/remove-from-cart/')) {
      lines = lines.filter((i) => !same(i));
    } else if (req.method === 'DELETE' && url === '/api/products/clear-cart') {
      lines = [];
    } else {
      return { status: 404, body: { detail: 'Not found.' } };
    }
    return { status: 200, body: { message: 'ok', cart: cart() } };
  });
  return {
    ...api,
    lines: () => lines,
    /** The calls the screen made, as `METHOD /path body`. */
    calls: () => api.requests.map((r) => `${r.method} ${r.url}${r.body ? ` ${r.body}` : ''}`),
    failNext: (path: string, status = 400, detail = 'Something went wrong.') => {
      failNext = { path, status, detail };
    },
    /** Holds every answer until the returned function is called. */
    hold: gate.hold,
  };
}

export type CartServer = Awaited<ReturnType<typeof startCartServer>>;

/** True once the server's cart (read with the profile) has loaded. */
export const cartLoaded = () => queryClient.getQueryState(queryKeys.cart)?.status === 'success';
