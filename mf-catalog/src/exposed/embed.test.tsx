import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { productCard, productDetail, variant } from '@store/testing';
import { listResponse, resetCatalogTest, startCatalogApi, type CatalogApi } from '../testing/catalogApi';
import { mount, type EmbedHandle } from './embed';

const runner = productCard({ id: 1, name: 'Trail Runner', category: 'Shoes', min_price: '79.00' });
const sandal = productCard({ id: 3, name: 'Beach Sandal', category: 'Shoes', in_stock: false });
const beanie = productCard({ id: 9, name: 'Wool Beanie', category: 'Hats', min_price: '19.00' });
const parka = productDetail({ id: 42, name: 'Storm Parka', category: 'Coats', variants: [variant({ id: 420 })] });

let api: CatalogApi;
let other: CatalogApi | undefined;
let element: HTMLDivElement;
let handle: EmbedHandle | undefined;

beforeEach(() => {
  // An integrator's page: a plain element, no router and no store providers around it.
  element = document.createElement('div');
  document.body.appendChild(element);
});
afterEach(async () => {
  act(() => handle?.unmount());
  handle = undefined;
  element.remove();
  await other?.close();
  other = undefined;
  await resetCatalogTest(api);
});

function startApi() {
  return startCatalogApi({
    products: (query) => listResponse([runner, sandal, beanie].filter((p) => p.category === query.get('category'))),
    product: (id) => (id === '42' ? parka : undefined),
  });
}

const grid = () => within(element);

describe('embed mount()', () => {
  it('renders a grid of products from the given API into a plain element, with the filters passed', async () => {
    api = await startApi();
    act(() => {
      handle = mount(element, {
        apiBaseUrl: api.baseURL,
        category: 'Shoes',
        search: 'trail',
        linkBase: 'https://shop.example/',
      });
    });

    expect(await grid().findByRole('article', { name: 'Trail Runner' })).toBeInTheDocument();
    expect(grid().getByRole('article', { name: 'Beach Sandal' })).toBeInTheDocument();
    expect(grid().queryByRole('article', { name: 'Wool Beanie' })).not.toBeInTheDocument();
    expect(api.productQueries()).toEqual([{ category: 'Shoes', search: 'trail', page_size: '8' }]);
    expect(grid().getByRole('link', { name: /Trail Runner/ })).toHaveAttribute(
      'href',
      'https://shop.example/products/1',
    );
    expect(element.querySelector('[data-boundary="mf-catalog"]')).not.toBeNull();
  });

  it('calls onAddToCart with the product; a sold-out product cannot be added', async () => {
    api = await startApi();
    const onAddToCart = jest.fn();
    const user = userEvent.setup();
    act(() => {
      handle = mount(element, { apiBaseUrl: api.baseURL, category: 'Shoes', onAddToCart });
    });

    await user.click(await grid().findByRole('button', { name: 'Add Trail Runner to cart' }));

    expect(onAddToCart).toHaveBeenCalledTimes(1);
    expect(onAddToCart).toHaveBeenCalledWith({ product: runner });
    const soldOut = grid().getByRole('button', { name: 'Add Beach Sandal to cart' });
    expect(soldOut).toBeDisabled();
    expect(soldOut).toHaveTextContent('Sold out');
  });

  it('update() re-renders with the new options', async () => {
    api = await startApi();
    act(() => {
      handle = mount(element, { apiBaseUrl: api.baseURL, category: 'Shoes', limit: 4 });
    });
    await grid().findByRole('article', { name: 'Trail Runner' });

    act(() => handle!.update({ category: 'Hats' }));

    expect(await grid().findByRole('article', { name: 'Wool Beanie' })).toBeInTheDocument();
    expect(grid().queryByRole('article', { name: 'Trail Runner' })).not.toBeInTheDocument();
    expect(api.productQueries().at(-1)).toEqual({ category: 'Hats', page_size: '4' });
  });

  it('unmount() empties the element, and later calls do nothing', async () => {
    api = await startApi();
    act(() => {
      handle = mount(element, { apiBaseUrl: api.baseURL, category: 'Shoes' });
    });
    await grid().findByRole('article', { name: 'Trail Runner' });

    act(() => handle!.unmount());

    expect(element).toBeEmptyDOMElement();
    expect(() => act(() => handle!.update({ category: 'Hats' }))).not.toThrow();
    expect(element).toBeEmptyDOMElement();
  });

  it("shows 'No products found' when nothing matches", async () => {
    api = await startApi();
    act(() => {
      handle = mount(element, { apiBaseUrl: api.baseURL, category: 'Spaceships' });
    });

    expect(await grid().findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
  });

  it('the single card view fetches the chosen product by id and links relative to linkBase', async () => {
    api = await startApi();
    act(() => {
      handle = mount(element, { apiBaseUrl: api.baseURL, view: 'card', productId: 42, linkBase: '/shop' });
    });

    // A relative link needs no router around the embed.
    expect(await grid().findByRole('link', { name: /Storm Parka/ })).toHaveAttribute('href', '/shop/products/42');
    expect(api.requests.map((r) => r.url)).toContain('/api/products/42');
    expect(api.productQueries()).toEqual([]);
  });

  it('a limit that is not a number falls back to 8', async () => {
    api = await startApi();
    act(() => {
      handle = mount(element, { apiBaseUrl: api.baseURL, category: 'Shoes', limit: Number('lots') });
    });

    await grid().findByRole('article', { name: 'Trail Runner' });
    expect(api.productQueries()).toEqual([{ category: 'Shoes', page_size: '8' }]);
  });

  it('a new apiBaseUrl asks the new API instead of reusing the old answers', async () => {
    api = await startApi();
    other = await startCatalogApi({ products: () => listResponse([beanie]) });
    act(() => {
      handle = mount(element, { apiBaseUrl: api.baseURL, category: 'Shoes' });
    });
    await grid().findByRole('article', { name: 'Trail Runner' });

    act(() => handle!.update({ apiBaseUrl: other!.baseURL }));

    expect(await grid().findByRole('article', { name: 'Wool Beanie' })).toBeInTheDocument();
    await waitFor(() => expect(other!.productQueries()).toEqual([{ category: 'Shoes', page_size: '8' }]));
    expect(screen.queryByRole('article', { name: 'Trail Runner' })).not.toBeInTheDocument();
  });
});
