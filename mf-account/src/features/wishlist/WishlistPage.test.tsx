import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductCard, ProductDetail } from '@store/contracts';
import { queryClient, queryKeys } from '@store/http';
import { sessionStore } from '@store/session';
import {
  cartLines,
  productCard,
  productDetail,
  renderWithProviders,
  resetSession,
  signIn,
  startApi,
  type TestApi,
  variant,
} from '@store/testing';
import WishlistPage from './WishlistPage';
import { toast } from '@store/ui';

const shirt = productCard({
  id: 1,
  name: 'Linen Shirt',
  min_price: '15.00',
  regular_min_price: '20.00',
  on_sale: true,
});
const boots = productCard({ id: 2, name: 'Rain Boots', min_price: '80.00', regular_min_price: '80.00' });
const scarf = productCard({ id: 3, name: 'Wool Scarf', min_price: '25.00', in_stock: false });

const shirtDetail = productDetail({
  ...shirt,
  variants: [
    variant({ id: 11, stock: 0, sale_price: '15.00', regular_price: '20.00' }),
    variant({ id: 12, stock: 4, sale_price: '15.00', regular_price: '20.00', attributes: { size: 'M' } }),
    variant({ id: 13, stock: 9, sale_price: '15.00', regular_price: '20.00', attributes: { size: 'L' } }),
  ],
});
/** The same shirt with one size left in stock: nothing to choose. */
const shirtOneLeft = productDetail({
  ...shirt,
  variants: [
    variant({ id: 11, stock: 0, sale_price: '15.00', regular_price: '20.00', attributes: { size: 'S' } }),
    variant({ id: 12, stock: 4, sale_price: '15.00', regular_price: '20.00', attributes: { size: 'M' } }),
  ],
});

/** A wishlist API as api/src/modules/users answers it: every change answers the whole list. */
async function startWishlistApi(
  items: ProductCard[],
  {
    details = {},
    addToCart = () => ({ status: 200, body: cartAnswer(12) }),
  }: {
    details?: Record<number, ProductDetail>;
    addToCart?: () => { status: number; body?: unknown };
  } = {},
) {
  let list = [...items];
  const wishlist = () => ({ data: list.map((product) => ({ product, added_at: '2024-05-01T00:00:00.000Z' })) });
  return startApi((req) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url === '/api/users/me/wishlist') return { status: 200, body: wishlist() };
    const removed = /^\/api\/users\/me\/wishlist\/(\d+)$/.exec(url);
    if (req.method === 'DELETE' && removed) {
      list = list.filter((p) => p.id !== Number(removed[1]));
      return { status: 200, body: wishlist() };
    }
    const product = /^\/api\/products\/(\d+)$/.exec(url);
    if (req.method === 'GET' && product) {
      const detail = details[Number(product[1])];
      return detail ? { status: 200, body: detail } : { status: 404, body: { detail: 'Product not found.' } };
    }
    if (req.method === 'POST' && url === '/api/products/add-to-cart') return addToCart();
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

function cartAnswer(variantId: number) {
  const { variants, ...product } = shirtDetail;
  const variant = variants.find((v) => v.id === variantId)!;
  return { message: 'Product added to cart', cart: { id: 3, cart_items: [{ product, variant, quantity: 1 }] } };
}

let api: TestApi;

function renderPage() {
  renderWithProviders(<WishlistPage />, { route: '/wishlist' });
  return userEvent.setup();
}

beforeEach(() => {
  jest.spyOn(toast, 'error');
  jest.spyOn(toast, 'success');
  window.history.pushState({}, '', '/wishlist');
});

afterEach(async () => {
  await api.close();
  resetSession();
  jest.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

describe('WishlistPage', () => {
  it('signed out, asks the shell for the sign-in dialog with the spec toast and loads nothing', async () => {
    api = await startWishlistApi([shirt]);
    renderPage();

    expect(screen.getByRole('heading', { name: 'Sign in to see your wishlist' })).toBeInTheDocument();
    expect(sessionStore.getState().dialog).toEqual({ kind: 'login', returnTo: '/wishlist' });
    expect(toast.error).toHaveBeenCalledWith('Please login to view your wishlist!');
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Linen Shirt')).not.toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('signed in, lists each item with its name, price and stock status', async () => {
    api = await startWishlistApi([shirt, boots, scarf]);
    signIn();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'My wishlist' })).toBeInTheDocument();
    expect(api.calls()).toEqual(['GET /api/users/me/wishlist']);
    expect(api.requests[0]!.authorization).toMatch(/^Bearer /);
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Linen Shirt',
      'Rain Boots',
      'Wool Scarf',
    ]);

    const onSale = screen.getByRole('listitem', { name: 'Linen Shirt' });
    expect(within(onSale).getByRole('link', { name: 'Linen Shirt' })).toHaveAttribute('href', '/products/1');
    expect(within(onSale).getByText('$15.00')).toBeInTheDocument();
    expect(within(onSale).getByText('$20.00').closest('s')).not.toBeNull();
    expect(within(onSale).getByText('In stock')).toBeInTheDocument();

    const regular = screen.getByRole('listitem', { name: 'Rain Boots' });
    expect(within(regular).getByText('$80.00').closest('s')).toBeNull();
    expect(regular.querySelector('s')).toBeNull();

    const soldOut = screen.getByRole('listitem', { name: 'Wool Scarf' });
    expect(within(soldOut).getByText('Out of stock')).toBeInTheDocument();
    expect(within(soldOut).queryByText('In stock')).not.toBeInTheDocument();
  });

  it('Remove sends DELETE users/me/wishlist/{id} and the item disappears', async () => {
    api = await startWishlistApi([shirt, boots]);
    signIn();
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Remove Rain Boots from wishlist' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Rain Boots' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Linen Shirt' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls()).toContain('DELETE /api/users/me/wishlist/2'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Removed from wishlist!'));
  });

  it("'Move to cart' with one variant in stock adds it, then takes the item off the wishlist", async () => {
    api = await startWishlistApi([shirt, boots], { details: { 1: shirtOneLeft } });
    signIn();
    const user = renderPage();

    const row = await screen.findByRole('listitem', { name: 'Linen Shirt' });
    await user.click(within(row).getByRole('button', { name: 'Move to cart' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Linen Shirt' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(api.calls()).toEqual([
        'GET /api/users/me/wishlist',
        'GET /api/products/1',
        'POST /api/products/add-to-cart',
        'DELETE /api/users/me/wishlist/1',
      ]),
    );
    expect(screen.queryByRole('dialog', { name: 'Choose an option' })).not.toBeInTheDocument();
    expect(api.bodyOf('POST /api/products/add-to-cart')).toEqual({ product_id: 1, variant_id: 12 });
    expect(cartLines()).toEqual([[1, 12, 1]]);
    expect(screen.getByRole('listitem', { name: 'Rain Boots' })).toBeInTheDocument();
  });

  it("'Move to cart' reads the product from the shared product query: one the shopper just viewed is not fetched again", async () => {
    api = await startWishlistApi([shirt], { details: { 1: shirtOneLeft } });
    signIn();
    // What the catalogue's product page left in the page's one query cache.
    queryClient.setQueryData(queryKeys.product(1), shirtOneLeft);
    const user = renderPage();

    const row = await screen.findByRole('listitem', { name: 'Linen Shirt' });
    await user.click(within(row).getByRole('button', { name: 'Move to cart' }));

    await waitFor(() => expect(api.calls()).toContain('DELETE /api/users/me/wishlist/1'));
    expect(api.calls()).not.toContain('GET /api/products/1');
    expect(api.bodyOf('POST /api/products/add-to-cart')).toEqual({ product_id: 1, variant_id: 12 });
  });

  it("'Move to cart' with several variants in stock asks which one, then moves the chosen one", async () => {
    api = await startWishlistApi([shirt, boots], {
      details: { 1: shirtDetail },
      addToCart: () => ({ status: 200, body: cartAnswer(13) }),
    });
    signIn();
    const user = renderPage();

    const row = await screen.findByRole('listitem', { name: 'Linen Shirt' });
    await user.click(within(row).getByRole('button', { name: 'Move to cart' }));

    const dialog = await screen.findByRole('dialog', { name: 'Choose an option' });
    // Only what is in stock is offered, the first one picked.
    const options = within(dialog).getAllByRole('radio');
    expect(options).toHaveLength(2);
    expect(within(dialog).getByRole('radio', { name: /size: M/ })).toBeChecked();
    expect(api.calls()).not.toContain('POST /api/products/add-to-cart');

    await user.click(within(dialog).getByRole('radio', { name: /size: L/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to cart' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Linen Shirt' })).not.toBeInTheDocument());
    expect(api.bodyOf('POST /api/products/add-to-cart')).toEqual({ product_id: 1, variant_id: 13 });
    await waitFor(() => expect(api.calls()).toContain('DELETE /api/users/me/wishlist/1'));
    expect(cartLines()).toEqual([[1, 13, 1]]);
  });

  it('keeps the item on the wishlist when adding it to the cart fails', async () => {
    api = await startWishlistApi([shirt], {
      details: { 1: shirtOneLeft },
      addToCart: () => ({ status: 400, body: { detail: 'Not enough stock.' } }),
    });
    signIn();
    const user = renderPage();

    const row = await screen.findByRole('listitem', { name: 'Linen Shirt' });
    await user.click(within(row).getByRole('button', { name: 'Move to cart' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to add to cart!', expect.anything()));
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Move to cart' })).toBeEnabled());
    expect(screen.getByRole('listitem', { name: 'Linen Shirt' })).toBeInTheDocument();
    expect(api.calls()).not.toContain('DELETE /api/users/me/wishlist/1');
    expect(cartLines()).toEqual([]);
  });

  it('says so and keeps the item when no variant is in stock any more', async () => {
    const soldOutDetail = productDetail({ ...shirt, variants: [variant({ id: 11, stock: 0 })] });
    api = await startWishlistApi([shirt], { details: { 1: soldOutDetail } });
    signIn();
    const user = renderPage();

    const row = await screen.findByRole('listitem', { name: 'Linen Shirt' });
    await user.click(within(row).getByRole('button', { name: 'Move to cart' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This product is out of stock.'));
    expect(api.calls()).toEqual(['GET /api/users/me/wishlist', 'GET /api/products/1']);
    expect(screen.getByRole('listitem', { name: 'Linen Shirt' })).toBeInTheDocument();
  });

  it('an out-of-stock item cannot be moved to the cart', async () => {
    api = await startWishlistApi([scarf]);
    signIn();
    const user = renderPage();

    const button = within(await screen.findByRole('listitem', { name: 'Wool Scarf' })).getByRole('button', {
      name: 'Move to cart',
    });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(api.calls()).toEqual(['GET /api/users/me/wishlist']);
  });

  it('an empty wishlist says so and links to /products', async () => {
    api = await startWishlistApi([]);
    signIn();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows why the wishlist could not be loaded', async () => {
    api = await startApi(() => ({ status: 404, body: { detail: 'User not found.' } }));
    signIn();
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
  });
});
