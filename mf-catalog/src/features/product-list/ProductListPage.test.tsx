import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from '@store/router';
import { productCard, renderWithProviders } from '@store/testing';
import { listResponse, resetCatalogTest, startCatalogApi, type CatalogApi } from '../../testing/catalogApi';
import ProductListPage from './ProductListPage';

const runner = productCard({
  id: 1,
  name: 'Trail Runner',
  min_price: '79.00',
  regular_min_price: '99.00',
  on_sale: true,
});
const loafer = productCard({ id: 2, name: 'Suede Loafer', min_price: '120.00', regular_min_price: '120.00' });
const sandal = productCard({ id: 3, name: 'Beach Sandal', in_stock: false });

let api: CatalogApi;
afterEach(() => resetCatalogTest(api));

/** The list page mounted where the shell mounts it, plus links a test can follow to change the URL. */
function renderList(path: string) {
  return renderWithProviders(
    <>
      <nav aria-label="Test links">
        <Link to="/products?search=sandal&on_sale=true">Go to sandal search</Link>
      </nav>
      <Routes>
        <Route path="/products" element={<ProductListPage />} />
        <Route path="/products/category/:category" element={<ProductListPage />} />
      </Routes>
    </>,
    { route: path },
  );
}

const location = () => screen.getByRole('status', { name: 'Current location' });
const products = () => screen.getByRole('region', { name: 'Products' });
const lastQuery = () => api.productQueries().at(-1);

describe('ProductListPage', () => {
  it('shows the products and their count from GET products, with the query the URL asks for', async () => {
    api = await startCatalogApi({
      products: () => listResponse([runner, loafer], { page: 2, total: 26, total_pages: 2 }),
    });
    renderList('/products/category/Shoes?on_sale=true&sort=price_asc&page=2');

    expect(await within(products()).findByRole('article', { name: 'Trail Runner' })).toBeInTheDocument();
    expect(within(products()).getByRole('article', { name: 'Suede Loafer' })).toBeInTheDocument();
    expect(within(products()).getByRole('link', { name: /Trail Runner/ })).toHaveAttribute('href', '/products/1');
    expect(screen.getByText('26 products')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Shoes' })).toBeInTheDocument();
    expect(api.productQueries()).toEqual([
      { category: 'Shoes', on_sale: 'true', sort: 'price_asc', page: '2', page_size: '24' },
    ]);
    // The URL's filters show as the controls' state.
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
    expect(screen.getByRole('checkbox', { name: 'On sale' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'In stock' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Shoes' })).toHaveAttribute('aria-current', 'page');
  });

  it('changing the sort updates the URL and the request, back on page 1', async () => {
    api = await startCatalogApi({ products: () => listResponse([runner]) });
    const user = userEvent.setup();
    renderList('/products?on_sale=true&page=3');
    await within(products()).findByRole('article', { name: 'Trail Runner' });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');

    expect(location()).toHaveTextContent('/products?on_sale=true&sort=price_desc');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ on_sale: 'true', sort: 'price_desc', page: '1', page_size: '24' }),
    );

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Newest');
    expect(location()).toHaveTextContent(/^\/products\?on_sale=true$/);
  });

  it("ticking 'On sale' and 'In stock' updates the URL and the request", async () => {
    api = await startCatalogApi({ products: () => listResponse([runner, loafer]) });
    const user = userEvent.setup();
    renderList('/products/category/Shoes');
    await within(products()).findByRole('article', { name: 'Trail Runner' });

    await user.click(screen.getByRole('checkbox', { name: 'On sale' }));
    expect(location()).toHaveTextContent('/products/category/Shoes?on_sale=true');
    await waitFor(() => expect(lastQuery()).toMatchObject({ category: 'Shoes', on_sale: 'true' }));

    await user.click(screen.getByRole('checkbox', { name: 'In stock' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ on_sale: 'true', in_stock: 'true' }));

    await user.click(screen.getByRole('checkbox', { name: 'On sale' }));
    expect(location()).toHaveTextContent(/^\/products\/category\/Shoes\?in_stock=true$/);
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('on_sale'));
  });

  it('applying a price range updates the URL and the request', async () => {
    api = await startCatalogApi({ products: () => listResponse([loafer]) });
    const user = userEvent.setup();
    renderList('/products?page=2');
    await within(products()).findByRole('article', { name: 'Suede Loafer' });

    await user.type(screen.getByRole('textbox', { name: 'Minimum price' }), '50');
    await user.type(screen.getByRole('textbox', { name: 'Maximum price' }), '150');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));

    expect(location()).toHaveTextContent('/products?min_price=50&max_price=150');
    await waitFor(() => expect(lastQuery()).toMatchObject({ min_price: '50', max_price: '150', page: '1' }));

    await user.clear(screen.getByRole('textbox', { name: 'Maximum price' }));
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(location()).toHaveTextContent(/^\/products\?min_price=50$/);
  });

  it('says so at the fields when the minimum price is above the maximum, instead of listing nothing', async () => {
    api = await startCatalogApi({ products: () => listResponse([runner]) });
    const user = userEvent.setup();
    renderList('/products');
    await user.type(screen.getByRole('textbox', { name: 'Minimum price' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Maximum price' }), '10');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum price is above the maximum.');
    expect(screen.getByRole('textbox', { name: 'Minimum price' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Apply price' })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Maximum price' }));
    await user.type(screen.getByRole('textbox', { name: 'Maximum price' }), '200');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("offers 'Did you mean' when a search finds nothing", async () => {
    api = await startCatalogApi({
      products: () => ({ ...listResponse([]), search: { match: 'none' as const, suggestion: 'sneakers' } }),
    });
    renderList('/products?search=snkrs');
    const link = await screen.findByRole('link', { name: '“sneakers”' });
    expect(screen.getByText(/Did you mean/)).toBeInTheDocument();
    expect(link).toHaveAttribute('href', expect.stringContaining('search=sneakers'));
  });

  describe('search field', () => {
    it('is prefilled from ?search and follows the URL when it changes', async () => {
      api = await startCatalogApi({ products: () => listResponse([runner]) });
      const user = userEvent.setup();
      renderList('/products?search=runner');

      const search = screen.getByRole('combobox', { name: 'Search the catalog' });
      expect(screen.getByRole('search', { name: 'Catalog' })).toContainElement(search);
      expect(search).toHaveValue('runner');
      expect(screen.getByRole('heading', { level: 1, name: 'Results for “runner”' })).toBeInTheDocument();
      await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'runner' }));

      await user.click(screen.getByRole('link', { name: 'Go to sandal search' }));
      expect(search).toHaveValue('sandal');
      await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'sandal', on_sale: 'true' }));
    });

    it('submitting sets the trimmed term, keeps the other filters and goes back to page 1', async () => {
      api = await startCatalogApi({ products: () => listResponse([runner]) });
      const user = userEvent.setup();
      renderList('/products/category/Shoes?on_sale=true&sort=name&page=3');
      await within(products()).findByRole('article', { name: 'Trail Runner' });

      await user.type(screen.getByRole('combobox', { name: 'Search the catalog' }), '  trail runner  ');
      await user.click(screen.getByRole('button', { name: 'Search' }));

      expect(location()).toHaveTextContent(
        /^\/products\/category\/Shoes\?on_sale=true&sort=name&search=trail\+runner$/,
      );
      expect(screen.getByRole('combobox', { name: 'Search the catalog' })).toHaveValue('trail runner');
      await waitFor(() =>
        expect(lastQuery()).toEqual({
          search: 'trail runner',
          category: 'Shoes',
          on_sale: 'true',
          sort: 'name',
          page: '1',
          page_size: '24',
        }),
      );
    });

    it('an empty or whitespace term removes the search', async () => {
      api = await startCatalogApi({ products: () => listResponse([runner]) });
      const user = userEvent.setup();
      renderList('/products?search=boots&in_stock=true');
      const search = screen.getByRole('combobox', { name: 'Search the catalog' });

      await user.clear(search);
      await user.type(search, '   {Enter}');

      expect(location()).toHaveTextContent(/^\/products\?in_stock=true$/);
      expect(search).toHaveValue('');
      await waitFor(() =>
        expect(lastQuery()).toEqual({ in_stock: 'true', sort: 'newest', page: '1', page_size: '24' }),
      );
    });

    it('the clear button removes the term', async () => {
      api = await startCatalogApi({ products: () => listResponse([runner]) });
      const user = userEvent.setup();
      renderList('/products?search=boots&sort=name');
      const search = screen.getByRole('combobox', { name: 'Search the catalog' });

      await user.click(screen.getByRole('button', { name: 'Clear search' }));

      expect(location()).toHaveTextContent(/^\/products\?sort=name$/);
      expect(search).toHaveValue('');
      expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
      await waitFor(() => expect(lastQuery()).not.toHaveProperty('search'));
    });
  });

  it("'Clear filters' clears every filter, the search included", async () => {
    api = await startCatalogApi({ products: () => listResponse([runner]) });
    const user = userEvent.setup();
    renderList('/products?search=runner&on_sale=true&min_price=10');
    await within(products()).findByRole('article', { name: 'Trail Runner' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(location()).toHaveTextContent(/^\/products$/);
    expect(screen.getByRole('combobox', { name: 'Search the catalog' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Minimum price' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'On sale' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'newest', page: '1', page_size: '24' }));
  });

  it("shows an empty state when nothing matches, whose 'Clear filters' brings the products back", async () => {
    api = await startCatalogApi({
      products: (query) => listResponse(query.has('search') ? [] : [runner, loafer, sandal]),
    });
    const user = userEvent.setup();
    renderList('/products?search=unicorn');

    const empty = await within(products()).findByRole('region', { name: 'No products match your filters' });
    expect(screen.getByText('0 products')).toBeInTheDocument();

    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));

    expect(location()).toHaveTextContent(/^\/products$/);
    expect(await within(products()).findByRole('article', { name: 'Beach Sandal' })).toBeInTheDocument();
    expect(screen.getByText('3 products')).toBeInTheDocument();
  });

  it("an unknown category shows 'Category not found'", async () => {
    api = await startCatalogApi({ products: () => listResponse([runner]) });
    renderList('/products/category/Spaceships');

    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByText('We could not find a category called “Spaceships”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('links to the pages around the current one, keeping the filters', async () => {
    api = await startCatalogApi({
      products: (query) =>
        listResponse([query.get('page') === '3' ? sandal : runner], {
          page: Number(query.get('page')),
          total: 150,
          total_pages: 7,
        }),
    });
    const user = userEvent.setup();
    renderList('/products?on_sale=true&page=2');
    await within(products()).findByRole('article', { name: 'Trail Runner' });

    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Previous', '1', '2', '3', '4', '5', 'Next']);
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/products?on_sale=true');
    expect(within(pager).getByRole('link', { name: 'Page 5' })).toHaveAttribute(
      'href',
      '/products?on_sale=true&page=5',
    );

    await user.click(within(pager).getByRole('link', { name: 'Next' }));

    expect(location()).toHaveTextContent('/products?on_sale=true&page=3');
    expect(await within(products()).findByRole('article', { name: 'Beach Sandal' })).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ on_sale: 'true', page: '3' });
  });

  it('on the last page, Next is not a link', async () => {
    api = await startCatalogApi({
      products: () => listResponse([loafer], { page: 3, total: 60, total_pages: 3 }),
    });
    renderList('/products?page=3');
    await within(products()).findByRole('article', { name: 'Suede Loafer' });

    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(pager).getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    expect(within(pager).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/products?page=2');
  });
});
