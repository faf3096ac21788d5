import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@store/router';
import { productCard, renderWithProviders } from '@store/testing';
import {
  listResponse,
  resetCatalogTest,
  startCatalogApi,
  storeCategories,
  type CatalogApi,
} from '../../testing/catalogApi';
import HomePage from './HomePage';

const fresh = productCard({ id: 1, name: 'Linen Shirt' });
const bargain = productCard({
  id: 2,
  name: 'Wool Scarf',
  on_sale: true,
  min_price: '15.00',
  regular_min_price: '25.00',
});
const star = productCard({ id: 3, name: 'Leather Boot', featured: true });

let api: CatalogApi;
afterEach(() => resetCatalogTest(api));

function renderHome() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<HomePage />} />
    </Routes>,
    { route: '/' },
  );
}

describe('HomePage', () => {
  it('shows a tile per category from GET products/categories, linking to its list', async () => {
    api = await startCatalogApi({ categories: storeCategories });
    renderHome();

    const section = screen.getByRole('region', { name: 'Shop by category' });
    expect(await within(section).findByRole('link', { name: 'Shoes' })).toHaveAttribute(
      'href',
      '/products/category/Shoes',
    );
    expect(within(section).getByRole('link', { name: 'Hats' })).toHaveAttribute('href', '/products/category/Hats');
    expect(within(section).getByRole('link', { name: 'Home & Living' })).toHaveAttribute(
      'href',
      '/products/category/Home%20%26%20Living',
    );
    expect(within(section).getByRole('link', { name: 'All products' })).toHaveAttribute(
      'href',
      '/products?category=all',
    );
    expect(api.requests.filter((r) => r.url === '/api/products/categories')).toHaveLength(1);
  });

  it('the new, on-sale and featured rows each make their own request and show its products', async () => {
    api = await startCatalogApi({
      products: (query) =>
        listResponse(query.get('on_sale') === 'true' ? [bargain] : query.get('featured') === 'true' ? [star] : [fresh]),
    });
    renderHome();

    const row = (name: string) => screen.getByRole('region', { name });
    expect(await within(row('New arrivals')).findByRole('article', { name: 'Linen Shirt' })).toBeInTheDocument();
    expect(await within(row('On sale')).findByRole('article', { name: 'Wool Scarf' })).toBeInTheDocument();
    expect(await within(row('Featured')).findByRole('article', { name: 'Leather Boot' })).toBeInTheDocument();
    expect(within(row('On sale')).queryByRole('article', { name: 'Linen Shirt' })).not.toBeInTheDocument();
    expect(within(row('On sale')).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/products?on_sale=true',
    );

    await waitFor(() => expect(api.productQueries()).toHaveLength(3));
    expect(api.productQueries()).toEqual(
      expect.arrayContaining([
        { sort: 'newest', page_size: '8' },
        { on_sale: 'true', page_size: '8' },
        { featured: 'true', page_size: '8' },
      ]),
    );
  });

  it('a row that cannot be loaded says so while the others still show', async () => {
    api = await startCatalogApi({
      products: (query) => (query.get('featured') === 'true' ? null : listResponse([fresh])),
    });
    renderHome();

    const featured = screen.getByRole('region', { name: 'Featured' });
    expect(await within(featured).findByText('These products could not be loaded right now.')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'New arrivals' })).findByRole('article', { name: 'Linen Shirt' }),
    ).toBeInTheDocument();
  });
});
