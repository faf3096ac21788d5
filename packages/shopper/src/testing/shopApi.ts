import type { CartItem, ProductCard } from '@store/contracts';
import { answerGate, cartItem, productCard, startApi, userProfile } from '@store/testing';

/**
 * A real shop API on loopback for @store/shopper's tests: it keeps a cart and a wishlist, answers
 * `users/me` with the cart, applies add/update/remove/clear as the API does, can fail the nth next
 * call to a path, and can hold its answers back until released (to see the page while a call is on
 * its way, or to answer out of order).
 */
export async function startShopApi({ cart = [] as CartItem[], wishlist = [] as ProductCard[] } = {}) {
  const lines = new Map(cart.map((item) => [`${item.product.id}:${item.variant.id}`, { ...item }]));
  let wished = [...wishlist];
  let fail: { path: string; skip: number; status: number; detail: string } | null = null;
  const gate = answerGate();
  const cartBody = () => ({ id: 1, cart_items: [...lines.values()] });
  const api = await startApi(async (req, body) => {
    const url = req.url ?? '';
    // What the server holds is decided when the call arrives; the answer may be held back.
    let answer: { status: number; body?: unknown };
    if (fail && url.includes(fail.path) && fail.skip-- === 0) {
      answer = { status: fail.status, body: { detail: fail.detail } };
      fail = null;
    } else {
      answer = handle(req.method ?? '', url, body);
    }
    await gate.wait();
    return answer;
  });

  function handle(method: string, url: string, body: string): { status: number; body?: unknown } {
    const [productId = 0, variantId = 0] = url.split('/').slice(-2).map(Number);
    const key = `${productId}:${variantId}`;
    if (method === 'GET' && url === '/api/users/me') return { status: 200, body: userProfile({ cart: cartBody() }) };
    if (method === 'POST' && url === '/api/products/add-to-cart') {
      const added = JSON.parse(body) as { product_id: number; variant_id: number };
      const k = `${added.product_id}:${added.variant_id}`;
      const line = lines.get(k);
      lines.set(
        k,
        line
          ? { ...line, quantity: line.quantity + 1 }
          : cartItem({ product: { id: added.product_id }, variant: { id: added.variant_id } }),
      );
    } else if (method === 'PUT' && url.startsWith('/api/products/update-cart-item/')) {
      const { quantity } = JSON.parse(body) as { quantity: number };
      const line = lines.get(key);
      if (quantity <= 0) lines.delete(key);
      else if (line) lines.set(key, { ...line, quantity });
    } else if (method === 'DELETE' && url.startsWith('/api/products/remove-from-cart/')) {
      lines.delete(key);
    } else if (method === 'DELETE' && url === '/api/products/clear-cart') {
      lines.clear();
    } else if (url.startsWith('/api/users/me/wishlist')) {
      if (method === 'POST') {
        const { product_id } = JSON.parse(body) as { product_id: number };
        if (!wished.some((p) => p.id === product_id)) wished = [productCard({ id: product_id }), ...wished];
      } else if (method === 'DELETE') {
        wished = wished.filter((p) => p.id !== Number(url.split('/').pop()));
      }
      return {
        status: 200,
        body: { data: wished.map((product) => ({ product, added_at: '2024-01-01T00:00:00.000Z' })) },
      };
    } else {
      return { status: 404, body: { detail: 'Not found.' } };
    }
    return { status: 200, body: { message: 'ok', cart: cartBody() } };
  }

  return {
    ...api,
    /** The server's cart as `[productId, variantId, quantity]`. */
    lines: () => [...lines.values()].map((i) => [i.product.id, i.variant.id, i.quantity]),
    wishlist: () => wished.map((p) => p.id),
    /** Changes the server's cart behind the page's back (another tab, another device). */
    setLine: (item: CartItem) => lines.set(`${item.product.id}:${item.variant.id}`, { ...item }),
    /** Fails the nth (default the next) call whose URL contains `path`. */
    failOnce: (path: string, nth = 1, status = 400, detail = 'No') => {
      fail = { path, skip: nth - 1, status, detail };
    },
    /** Holds every answer until the returned function is called. */
    hold: gate.hold,
  };
}

export type ShopApi = Awaited<ReturnType<typeof startShopApi>>;
