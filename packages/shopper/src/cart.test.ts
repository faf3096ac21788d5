import type { CartItem } from '@store/contracts';
import { sessionStore } from '@store/session';
import { closeTestServer, recordToasts, resetSession, signIn } from '@store/testing';
import { addToCart, cartMessages, cartTotals, clearCart, removeFromCart, setCartQuantity } from './cart';
import { readCart } from './cartMutations';
import { startShopApi, type ShopApi } from './testing/shopApi';

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

const quantities = () => readCart().map((i: CartItem) => [i.product.id, i.variant.id, i.quantity]);
let server: ShopApi;
let toasts: string[] = [];

beforeEach(async () => {
  server = await startShopApi();
  toasts = recordToasts();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await closeTestServer(server);
  resetSession();
});

const puts = () => server.calls().filter((c) => c.startsWith('PUT '));

describe('cart operations (SPEC.md sections 4 and 8)', () => {
  it('signed out, adding opens the sign-in dialog and sends nothing; the sign-in finishes the add', async () => {
    await expect(addToCart(product, variant, 2)).resolves.toBe(false);
    const dialog = sessionStore.getState().dialog;
    expect(dialog).toMatchObject({ kind: 'login' });
    expect(toasts).toEqual([`error:${cartMessages.loginToAdd}`]);
    expect(server.calls()).toEqual([]);

    // What the sign-in form does once the login succeeds: the same variant and quantity, with its toasts.
    signIn();
    await expect(Promise.resolve(dialog?.resume?.())).resolves.toBe(true);
    expect(server.lines()).toEqual([[1, 11, 2]]);
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
    expect(server.lines()).toEqual([[1, 11, 1]]);
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
    expect(server.lines()).toEqual([[1, 11, 3]]);
    expect(server.calls().filter((r) => r === 'POST /api/products/add-to-cart')).toHaveLength(3);
    expect(toasts).toEqual([`loading:${cartMessages.adding}`, `success:${cartMessages.added}`]);

    // The server refuses the 2nd of two more: the one it took stays, the other goes.
    toasts.length = 0;
    server.failOnce('add-to-cart', 2);
    await expect(addToCart(product, variant, 2)).resolves.toBe(false);
    expect(server.lines()).toEqual([[1, 11, 4]]);
    expect(quantities()).toEqual([[1, 11, 4]]);
    expect(toasts).toEqual([`loading:${cartMessages.adding}`, `error:${cartMessages.addFailed}`]);
  });

  it('ten rapid quantity changes: the screen follows each, the server gets the last, and they agree', async () => {
    signIn();
    await addToCart(product, variant);
    const seen: number[] = [];
    const changes = Array.from({ length: 10 }, (_, i) => {
      const change = setCartQuantity(1, 11, i + 2);
      seen.push(quantities()[0]![2]!);
      return change;
    });
    expect(seen).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    await Promise.all(changes);
    // Each waited behind the one before; a change with a later one queued behind it is not sent.
    expect(puts()).toEqual(['PUT /api/products/update-cart-item/1/11']);
    expect(server.bodyOf('PUT /api/products/update-cart-item/1/11')).toEqual({ quantity: 11 });
    expect(server.lines()).toEqual([[1, 11, 11]]);
    expect(quantities()).toEqual([[1, 11, 11]]);
  });

  it('changes made one after another are each sent, in order', async () => {
    signIn();
    await addToCart(product, variant);
    for (const quantity of [2, 3, 4]) await setCartQuantity(1, 11, quantity);
    expect(puts()).toHaveLength(3);
    expect(server.lines()).toEqual([[1, 11, 4]]);
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
    expect(server.lines()).toEqual([]);
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
