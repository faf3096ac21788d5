/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import toast from 'react-hot-toast';
import type { CartItem } from '@store/contracts';
import { configureHttp } from '@store/http';
import { sessionStore } from '@store/session';
import { addToCart, cartMessages, cartTotals, clearCart, removeFromCart, setCartQuantity } from './cart';

(globalThis as { window?: unknown }).window = { location: { pathname: '/products/1', search: '' } };

const product = {
  id: 1,
  name: 'Tee',
  category: 'Tops',
  type: 'VARIABLE',
  published: true,
  subscribers: 0,
  created_by: null,
  last_modified_by: null,
  created_at: '',
  last_modified_at: '',
  image: '',
};
const variant = {
  id: 11,
  sku: 'T-1',
  sale_price: '0.00',
  regular_price: '10.00',
  stock: 99,
  attributes: { size: 'M' },
};

/** A real cart server: remembers quantities, can be told to fail. */
async function startCartServer() {
  const lines = new Map<string, number>();
  const seen: string[] = [];
  let failNext: { path: string; skip: number } | null = null;
  const cart = () => ({
    message: 'ok',
    cart: {
      id: 1,
      cart_items: [...lines].map(([key, quantity]) => ({
        product: { ...product, id: Number(key.split(':')[0]) },
        variant: { ...variant, id: Number(key.split(':')[1]) },
        quantity,
      })),
    },
  });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const url = req.url ?? '';
      seen.push(`${req.method} ${url} ${body}`);
      await new Promise((r) => setTimeout(r, Math.random() * 10));
      if (failNext && url.includes(failNext.path) && failNext.skip-- === 0) {
        failNext = null;
        res.writeHead(400, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ detail: 'No' }));
      }
      if (url.endsWith('/add-to-cart')) {
        const { product_id, variant_id } = JSON.parse(body) as { product_id: number; variant_id: number };
        const key = `${product_id}:${variant_id}`;
        lines.set(key, (lines.get(key) ?? 0) + 1);
      } else if (url.includes('/update-cart-item/')) {
        const [p, v] = url.split('/').slice(-2);
        lines.set(`${p}:${v}`, (JSON.parse(body) as { quantity: number }).quantity);
      } else if (url.includes('/remove-from-cart/')) {
        const [p, v] = url.split('/').slice(-2);
        lines.delete(`${p}:${v}`);
      } else if (url.endsWith('/clear-cart')) lines.clear();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(cart()));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  configureHttp({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`, retryDelayMs: 1 });
  return {
    lines,
    seen,
    /** Fails the nth (default the next) call to `path`. */
    failOnce: (path: string, nth = 1) => (failNext = { path, skip: nth - 1 }),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

const quantities = () => sessionStore.getState().cart.map((i: CartItem) => [i.product.id, i.variant.id, i.quantity]);
let server: Awaited<ReturnType<typeof startCartServer>>;
const toasts: string[] = [];

beforeEach(async () => {
  server = await startCartServer();
  toasts.length = 0;
  jest.spyOn(toast, 'loading').mockImplementation((m) => (toasts.push(`loading:${String(m)}`), 't'));
  jest.spyOn(toast, 'success').mockImplementation((m) => (toasts.push(`success:${String(m)}`), 't'));
  jest.spyOn(toast, 'error').mockImplementation((m) => (toasts.push(`error:${String(m)}`), 't'));
});
afterEach(async () => {
  await server.close();
  sessionStore.getState().logout();
  sessionStore.getState().closeDialog();
  jest.restoreAllMocks();
});

const signIn = () => sessionStore.getState().login({ access: 'a.eyJyb2xlIjoiUkVHVUxBUiJ9.s', refresh: 'r' });

describe('cart operations (SPEC.md sections 4 and 8)', () => {
  it('signed out, adding opens the sign-in dialog and sends nothing; the sign-in finishes the add', async () => {
    await expect(addToCart(product, variant, 2)).resolves.toBe(false);
    const dialog = sessionStore.getState().dialog;
    expect(dialog).toMatchObject({ kind: 'login' });
    expect(toasts).toEqual([`error:${cartMessages.loginToAdd}`]);
    expect(server.seen).toEqual([]);

    // What the sign-in form does once the login succeeds: the same variant and quantity, with its toasts.
    signIn();
    await expect(Promise.resolve(dialog?.resume?.())).resolves.toBe(true);
    expect(server.lines.get('1:11')).toBe(2);
    expect(toasts).toEqual([
      `error:${cartMessages.loginToAdd}`,
      `loading:${cartMessages.adding}`,
      `success:${cartMessages.added}`,
    ]);
  });

  it('adds locally first, then on the server, with the spec toasts', async () => {
    signIn();
    const pending = addToCart(product, variant);
    expect(quantities()).toEqual([[1, 11, 1]]);
    await expect(pending).resolves.toBe(true);
    expect(server.lines.get('1:11')).toBe(1);
    expect(toasts).toEqual([`loading:${cartMessages.adding}`, `success:${cartMessages.added}`]);
  });

  it('rolls a failed add back', async () => {
    signIn();
    server.failOnce('add-to-cart');
    await expect(addToCart(product, variant)).resolves.toBe(false);
    expect(quantities()).toEqual([]);
    expect(toasts).toContain(`error:${cartMessages.addFailed}`);
  });

  it('adds several at once: one toast, one call per item in order, and a shortfall rolled back', async () => {
    signIn();
    const pending = addToCart(product, variant, 3);
    expect(quantities()).toEqual([[1, 11, 3]]);
    await expect(pending).resolves.toBe(true);
    expect(server.lines.get('1:11')).toBe(3);
    expect(server.seen.filter((r) => r.startsWith('POST /api/products/add-to-cart'))).toHaveLength(3);
    expect(toasts).toEqual([`loading:${cartMessages.adding}`, `success:${cartMessages.added}`]);

    // The server refuses the 2nd of two more: the one it took stays, the other goes.
    toasts.length = 0;
    server.failOnce('add-to-cart', 2);
    await expect(addToCart(product, variant, 2)).resolves.toBe(false);
    expect(server.lines.get('1:11')).toBe(4);
    expect(quantities()).toEqual([[1, 11, 4]]);
    expect(toasts).toEqual([`loading:${cartMessages.adding}`, `error:${cartMessages.addFailed}`]);
  });

  it('ten rapid quantity changes reach the server in order and the screen agrees', async () => {
    signIn();
    await addToCart(product, variant);
    await Promise.all(Array.from({ length: 10 }, (_, i) => setCartQuantity(1, 11, i + 2)));
    expect(server.lines.get('1:11')).toBe(11);
    expect(quantities()).toEqual([[1, 11, 11]]);
  });

  it('a failed remove puts the line back; clear empties both sides', async () => {
    signIn();
    await addToCart(product, variant);
    server.failOnce('remove-from-cart');
    await removeFromCart(1, 11);
    expect(quantities()).toEqual([[1, 11, 1]]);
    expect(toasts).toContain(`error:${cartMessages.removeFailed}`);
    await clearCart();
    expect(quantities()).toEqual([]);
    expect(server.lines.size).toBe(0);
    expect(toasts).toContain(`success:${cartMessages.cleared}`);
  });

  it('totals use the sale price when it is above 0', () => {
    const items = [
      { product, variant: { ...variant, sale_price: '7.50' }, quantity: 2 },
      { product, variant: { ...variant, id: 12 }, quantity: 1 },
    ];
    expect(cartTotals(items)).toEqual({ count: 3, subtotalCents: 2500 });
  });
});
