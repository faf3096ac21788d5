import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@store/router';
import { productCard, productDetail, renderWithProviders } from '@store/testing';
import { listResponse, resetCatalogTest, startCatalogApi, type CatalogApi } from '../testing/catalogApi';
import HomePage from '../features/home/HomePage';
import ProductDetailsPage from '../features/product-details/ProductDetailsPage';
import { ProductCard } from '../features/product-card/ProductCard';
import { queryClient, queryKeys } from '@store/http';
import { CATEGORIES_WAIT_MS, firstPage, pages, startFirstPage } from './firstPage';

let api: CatalogApi;
afterEach(() => resetCatalogTest(api));

const at = (url: string) => new URL(url, 'http://store.test');
const keys = (url: string) => firstPage(at(url))?.queries.map((q) => q.queryKey);

/** The product page as the shell mounts it, under a Suspense boundary that says when it would suspend. */
function renderProductPage(route: string) {
  renderWithProviders(
    <Routes>
      <Route
        path="/products/:productId"
        element={
          <Suspense fallback={<p>Loading page</p>}>
            <pages.details.Page />
          </Suspense>
        }
      />
    </Routes>,
    { route },
  );
}

describe('firstPage', () => {
  it('knows the page and the first queries of every address the shell mounts the catalog on', () => {
    expect(firstPage(at('/'))?.page).toBe('home');
    expect(keys('/')).toEqual([
      ['products', { sort: 'newest', page_size: 8 }],
      ['products', { on_sale: true, page_size: 8 }],
      ['products', { featured: true, page_size: 8 }],
    ]);
    expect(firstPage(at('/products?on_sale=true&page=2'))?.page).toBe('list');
    expect(keys('/products?on_sale=true&page=2')).toEqual([
      ['products', expect.objectContaining({ on_sale: true, page: 2, page_size: 24, sort: 'newest' })],
    ]);
    expect(keys('/products/category/Home%20%26%20Living')).toEqual([
      ['products', expect.objectContaining({ category: 'Home & Living', page: 1, page_size: 24 })],
    ]);
    expect(firstPage(at('/products/42'))).toEqual({ page: 'details', queries: [expect.anything()], withData: true });
    expect(keys('/products/42')).toEqual([['product', '42']]);
    expect(firstPage(at('/products/not-a-product'))).toBeNull();
    expect(firstPage(at('/cart'))).toBeNull();
  });
});

describe('pages.home', () => {
  it('resolves once the categories are known, so its tiles never grow under the rails (CLS)', async () => {
    api = await startCatalogApi();
    queryClient.removeQueries({ queryKey: queryKeys.categories });
    await pages.home.load();
    expect(queryClient.getQueryData(queryKeys.categories)).toEqual({ data: expect.any(Array) });
    expect(api.requests.filter((r) => r.url === '/api/products/categories')).toHaveLength(1);
  });

  it('waits at most CATEGORIES_WAIT_MS for categories that do not come (a slow API, its retries)', async () => {
    jest.useFakeTimers();
    try {
      jest.spyOn(queryClient, 'ensureQueryData').mockReturnValue(new Promise(() => {}));
      let shown = false;
      const loading = pages.home.load().then(() => (shown = true));
      await jest.advanceTimersByTimeAsync(CATEGORIES_WAIT_MS - 1);
      expect(shown).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await loading;
      expect(shown).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('pages', () => {
  it('render a page whose module is loaded at once, without a loading state', async () => {
    api = await startCatalogApi({ product: () => productDetail({ id: 7, name: 'Wool Scarf' }) });
    await pages.details.load();
    renderProductPage('/products/7');
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Wool Scarf', level: 1 })).toBeInTheDocument();
  });
});

describe('startFirstPage', () => {
  it('asks for the home rows before the page renders, and the page uses those answers: one request each', async () => {
    api = await startCatalogApi({ products: () => listResponse([productCard({ id: 1, name: 'Linen Shirt' })]) });
    startFirstPage(at('/'));
    await waitFor(() => expect(api.productQueries()).toHaveLength(3));

    renderWithProviders(
      <Routes>
        <Route path="/" element={<HomePage />} />
      </Routes>,
      { route: '/' },
    );
    const row = screen.getByRole('region', { name: 'New arrivals' });
    expect(await within(row).findByRole('article', { name: 'Linen Shirt' })).toBeInTheDocument();
    expect(api.productQueries()).toHaveLength(3);
  });

  it('asks for the product of a product page once', async () => {
    const detail = productDetail({ id: 7, name: 'Wool Scarf' });
    api = await startCatalogApi({ product: (id) => (id === '7' ? detail : undefined) });
    startFirstPage(at('/products/7'));

    renderWithProviders(
      <Routes>
        <Route path="/products/:productId" element={<ProductDetailsPage />} />
      </Routes>,
      { route: '/products/7' },
    );
    expect(await screen.findByRole('heading', { name: 'Wool Scarf', level: 1 })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.url === '/api/products/7')).toHaveLength(1);
  });
});

describe('startFirstPage settles', () => {
  it('for a product page, once the product is there: the page shows with it in one render', async () => {
    const detail = productDetail({ id: 8, name: 'Rain Jacket' });
    api = await startCatalogApi({ product: (id) => (id === '8' ? detail : undefined) });
    await startFirstPage(at('/products/8'));
    expect(queryClient.getQueryData(queryKeys.product(8))).toEqual(detail);
  });

  it('for the home page, without waiting for its rails (the hero does not need them)', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    api = await startCatalogApi({ products: () => listResponse([productCard({ id: 1, name: 'Linen Shirt' })]) });
    const original = queryClient.prefetchQuery.bind(queryClient);
    jest.spyOn(queryClient, 'prefetchQuery').mockImplementation((options) => held.then(() => original(options)));
    await startFirstPage(at('/'));
    answer();
  });
});

describe('a product card', () => {
  it('starts its product page and product when the pointer enters it, once', async () => {
    const detail = productDetail({ id: 9, name: 'Field Boots' });
    api = await startCatalogApi({ product: (id) => (id === '9' ? detail : undefined) });
    renderWithProviders(<ProductCard product={productCard({ id: 9, name: 'Field Boots' })} />, { route: '/products' });
    const link = within(screen.getByRole('article', { name: 'Field Boots' })).getByRole('link');
    fireEvent.pointerEnter(link);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.product(9))).toEqual(detail));
    fireEvent.focus(link);
    fireEvent.pointerEnter(link);

    renderProductPage('/products/9');
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Field Boots', level: 1 })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.url === '/api/products/9')).toHaveLength(1);
  });
});
