import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@store/router';
import { productCard, productDetail, renderWithProviders } from '@store/testing';
import { listResponse, resetCatalogTest, startCatalogApi, type CatalogApi } from '../testing/catalogApi';
import HomePage from '../features/home/HomePage';
import ProductDetailsPage from '../features/product-details/ProductDetailsPage';
import { queryClient, queryKeys } from '@store/http';
import { firstPage, pages, startFirstPage } from './firstPage';

let api: CatalogApi;
afterEach(() => resetCatalogTest(api));

const at = (url: string) => new URL(url, 'http://store.test');
const keys = (url: string) => firstPage(at(url))?.queries.map((q) => q.queryKey);

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
    expect(firstPage(at('/products/42'))).toEqual({ page: 'details', queries: [expect.anything()] });
    expect(keys('/products/42')).toEqual([['product', '42']]);
    expect(firstPage(at('/products/not-a-product'))).toBeNull();
    expect(firstPage(at('/cart'))).toBeNull();
  });
});

describe('pages.home', () => {
  it('resolves once the categories are known, so its tiles never grow under the rails (CLS)', async () => {
    api = await startCatalogApi();
    queryClient.removeQueries({ queryKey: queryKeys.categories });
    await pages.home();
    expect(queryClient.getQueryData(queryKeys.categories)).toEqual({ data: expect.any(Array) });
    expect(api.requests.filter((r) => r.url === '/api/products/categories')).toHaveLength(1);
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
