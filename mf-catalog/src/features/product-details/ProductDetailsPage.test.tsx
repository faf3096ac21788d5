import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { CartResponse, ProductDetail } from '@store/contracts';
import { sessionStore } from '@store/session';
import { cartLines, productCard, productDetail, renderWithProviders, signIn, variant } from '@store/testing';
import { listResponse, resetCatalogTest, startCatalogApi, type CatalogApi } from '../../testing/catalogApi';
import ProductDetailsPage from './ProductDetailsPage';
import { toast } from '@store/ui';

const runner = productDetail({
  id: 1,
  name: 'Trail Runner',
  category: 'Shoes',
  min_price: '59.99',
  regular_min_price: '79.99',
  on_sale: true,
  attributes: [
    { name: 'size', values: ['S', 'M', 'L'] },
    { name: 'colour', values: ['Red', 'Blue'] },
  ],
  variants: [
    variant({ id: 101, stock: 0, regular_price: '79.99', attributes: { size: 'S', colour: 'Red' } }),
    variant({
      id: 102,
      stock: 8,
      sale_price: '59.99',
      regular_price: '79.99',
      attributes: { size: 'S', colour: 'Blue' },
    }),
    variant({ id: 103, stock: 3, regular_price: '84.00', attributes: { size: 'M', colour: 'Red' } }),
    variant({ id: 104, stock: 0, regular_price: '84.00', attributes: { size: 'M', colour: 'Blue' } }),
    variant({ id: 105, stock: 0, regular_price: '84.00', attributes: { size: 'L', colour: 'Red' } }),
  ],
});
const soldOut = productDetail({
  id: 2,
  name: 'Canvas Tote',
  category: 'Bags',
  attributes: [{ name: 'colour', values: ['Natural'] }],
  variants: [variant({ id: 201, stock: 0, attributes: { colour: 'Natural' } })],
});
// S / Blue exists only in wool: it must stay reachable while Cotton is chosen.
const jacket = productDetail({
  id: 3,
  name: 'Field Jacket',
  attributes: [
    { name: 'size', values: ['S'] },
    { name: 'colour', values: ['Red', 'Blue'] },
    { name: 'material', values: ['Cotton', 'Wool'] },
  ],
  variants: [
    variant({ id: 301, stock: 9, attributes: { size: 'S', colour: 'Red', material: 'Cotton' } }),
    variant({ id: 302, stock: 2, attributes: { size: 'S', colour: 'Blue', material: 'Wool' } }),
  ],
});
const related = productCard({ id: 7, name: 'Hill Climber', min_price: '110.00', regular_min_price: '110.00' });
const upload = (id: number) => ({
  id,
  small: `/api/media/uploads/products/4/${id}-0123456789ab-400.webp`,
  large: `/api/media/uploads/products/4/${id}-0123456789ab-1200.webp`,
});
// Uploaded images: 400 and 1200 px WebP versions, offered to the browser as a srcset.
const lamp = productDetail({
  id: 4,
  name: 'Desk Lamp',
  image: upload(11).small,
  photo: upload(11),
  images: [upload(11).large, upload(12).large],
  photos: [upload(11), upload(12)],
});
const photographedRelated = productCard({ id: 8, name: 'Floor Lamp', image: upload(21).small, photo: upload(21) });
const catalog: Record<string, ProductDetail> = { '1': runner, '2': soldOut, '3': jacket, '4': lamp };

let api: CatalogApi;
afterEach(() => resetCatalogTest(api));

function renderProduct(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/products/:productId" element={<ProductDetailsPage />} />
    </Routes>,
    { route: path },
  );
}

function startApi(addToCart?: (payload: { product_id: number; variant_id: number }) => Promise<CartResponse>) {
  return startCatalogApi({
    product: (id) => catalog[id],
    products: (query) =>
      listResponse(
        query.get('exclude') === '1' ? [related] : query.get('exclude') === '4' ? [photographedRelated] : [],
      ),
    addToCart,
  });
}

const option = (attribute: string, value: string) =>
  within(screen.getByRole('radiogroup', { name: attribute })).getByRole('radio', { name: value });
const addButton = () => screen.getByRole('button', { name: 'Add to cart' });

describe('ProductDetailsPage', () => {
  it('shows the name, a link to its category and the price with the regular price struck through', async () => {
    api = await startApi();
    renderProduct('/products/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trail Runner' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shoes' })).toHaveAttribute('href', '/products/category/Shoes');
    expect(screen.getByText('$59.99')).toBeInTheDocument();
    const was = screen.getByText('$79.99');
    expect(was.tagName).toBe('S');
    expect(was).toHaveTextContent('Was $79.99');
    expect(screen.getByText('All about Trail Runner.')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();
    // Related products: the same category without this product.
    const alsoLike = await screen.findByRole('region', { name: 'You may also like' });
    expect(within(alsoLike).getByRole('article', { name: 'Hill Climber' })).toBeInTheDocument();
    expect(api.productQueries()).toContainEqual(
      expect.objectContaining({ category: 'Shoes', exclude: '1', page_size: '8' }),
    );
  });

  it('shows uploaded images with a 400w/1200w srcset, and the generated art without one', async () => {
    api = await startApi();
    const user = userEvent.setup();
    const { unmount } = renderProduct('/products/4');
    await screen.findByRole('heading', { level: 1, name: 'Desk Lamp' });
    const main = screen.getAllByRole('img', { name: 'Desk Lamp' })[0]!;
    expect(main.getAttribute('src')).toMatch(/\/11-0123456789ab-1200\.webp$/);
    expect(main.getAttribute('srcset')).toMatch(
      /\/11-0123456789ab-400\.webp 400w, \S+\/11-0123456789ab-1200\.webp 1200w$/,
    );
    expect(main).toHaveAttribute('sizes');
    await user.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(screen.getAllByRole('img', { name: 'Desk Lamp' })[0]!.getAttribute('srcset')).toContain(
      '/12-0123456789ab-400.webp 400w',
    );
    // A related product's card uses its upload too.
    const card = within(await screen.findByRole('article', { name: 'Floor Lamp' })).getByRole('img', {
      name: 'Floor Lamp',
    });
    expect(card.getAttribute('srcset')).toMatch(
      /\/21-0123456789ab-400\.webp 400w, \S+\/21-0123456789ab-1200\.webp 1200w$/,
    );
    unmount();

    renderProduct('/products/1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner' });
    const art = screen.getAllByRole('img', { name: 'Trail Runner' })[0]!;
    expect(art.getAttribute('src')).toMatch(/\/api\/media\/products\/1\/1\.svg$/);
    expect(art).not.toHaveAttribute('srcset');
  });

  it('choosing attribute values selects the matching variant; combinations without stock are disabled', async () => {
    api = await startApi();
    const user = userEvent.setup();
    renderProduct('/products/1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner' });

    // Starts on the first variant in stock: S / Blue.
    expect(option('size', 'S')).toHaveAttribute('aria-checked', 'true');
    expect(option('colour', 'Blue')).toHaveAttribute('aria-checked', 'true');
    expect(option('colour', 'Red')).toBeDisabled();
    expect(option('size', 'L')).toBeDisabled();
    expect(option('size', 'M')).toBeEnabled();

    // M / Blue has no stock, so choosing M moves to M / Red.
    await user.click(option('size', 'M'));

    expect(option('size', 'M')).toHaveAttribute('aria-checked', 'true');
    expect(option('colour', 'Red')).toHaveAttribute('aria-checked', 'true');
    expect(option('colour', 'Blue')).toBeDisabled();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    expect(screen.getByText('$84.00')).toBeInTheDocument();
    expect(screen.queryByText('$79.99')).not.toBeInTheDocument();
  });

  it('with three attributes, every variant in stock can be reached (options depend on earlier choices only)', async () => {
    api = await startApi();
    const user = userEvent.setup();
    renderProduct('/products/3');
    await screen.findByRole('heading', { level: 1, name: 'Field Jacket' });
    expect(option('material', 'Cotton')).toHaveAttribute('aria-checked', 'true');

    await user.click(option('colour', 'Blue'));

    expect(option('colour', 'Blue')).toHaveAttribute('aria-checked', 'true');
    expect(option('material', 'Wool')).toHaveAttribute('aria-checked', 'true');
    expect(option('material', 'Cotton')).toBeDisabled();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
  });

  it("a product without stock shows 'Out of stock' and cannot be added to the cart", async () => {
    api = await startApi();
    renderProduct('/products/2');

    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
    expect(option('colour', 'Natural')).toBeDisabled();
  });

  it('signed out, Add to cart asks for the sign-in dialog and sends nothing', async () => {
    api = await startApi();
    const error = jest.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderProduct('/products/1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner' });

    await user.click(addButton());

    expect(sessionStore.getState().dialog).toMatchObject({ kind: 'login' });
    expect(error).toHaveBeenCalledWith('Please login to add to cart!', undefined);
    expect(await screen.findByText('Please login to add to cart!')).toBeInTheDocument();
    expect(cartLines()).toEqual([]);
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('signed in, Add to cart changes the local cart at once, then sends POST products/add-to-cart', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    api = await startApi(async ({ product_id, variant_id }) => {
      await held;
      const chosen = runner.variants.find((v) => v.id === variant_id)!;
      const { id, name, category, type, published, subscribers, created_by, last_modified_by, image } = runner;
      const product = { id, name, category, type, published, subscribers, created_by, last_modified_by, image };
      return {
        message: 'Added',
        cart: {
          id: 1,
          cart_items: [
            {
              product: { ...product, id: product_id, created_at: '', last_modified_at: '' },
              variant: chosen,
              quantity: 1,
            },
          ],
        },
      };
    });
    signIn();
    const user = userEvent.setup();
    renderProduct('/products/1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner' });

    await user.click(addButton());

    // The server has not answered yet, but the cart already has the line.
    expect(cartLines()).toEqual([[1, 102, 1]]);
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'POST')).toEqual([
        expect.objectContaining({ url: '/api/products/add-to-cart' }),
      ]),
    );
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(post.body)).toEqual({ product_id: 1, variant_id: 102 });
    expect(post.authorization).toMatch(/^Bearer a\./);
    expect(addButton()).toBeDisabled();

    release();

    expect(await screen.findByText('Added to cart!')).toBeInTheDocument();
    expect(addButton()).toBeEnabled();
    expect(cartLines()).toEqual([[1, 102, 1]]);
    expect(sessionStore.getState().dialog).toBeNull();
  });

  it('adds the chosen quantity with one toast: one call per item (the API adds one), then back to 1', async () => {
    let onServer = 0;
    api = await startApi(async ({ product_id, variant_id }) => {
      onServer++;
      const chosen = runner.variants.find((v) => v.id === variant_id)!;
      return {
        message: 'Added',
        cart: { id: 1, cart_items: [{ product: { ...runner, id: product_id }, variant: chosen, quantity: onServer }] },
      };
    });
    const success = jest.spyOn(toast, 'success');
    const loading = jest.spyOn(toast, 'loading');
    signIn();
    const user = userEvent.setup();
    renderProduct('/products/1');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner' });

    const more = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(more);
    await user.click(more);
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('3');
    await user.click(addButton());

    await waitFor(() => expect(success).toHaveBeenCalledWith('Added to cart!', expect.anything()));
    expect(api.requests.filter((r) => r.method === 'POST' && r.url === '/api/products/add-to-cart')).toHaveLength(3);
    expect(loading).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledTimes(1);
    expect(cartLines()).toEqual([[1, 102, 3]]);
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('1');
  });

  it.each([
    ['a non-numeric id', '/products/abc'],
    ['an unknown id', '/products/999'],
  ])("%s shows 'Product not found'", async (_what, path) => {
    api = await startApi();
    renderProduct(path);

    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(api.requests.some((r) => r.url === '/api/products/abc')).toBe(false);
  });
});
