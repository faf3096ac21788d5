import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from '@store/router';
import styled from 'styled-components';
import { formatCount } from '@store/contracts/money';
import { useCategories } from '@store/shopper';
import { Badge, Button, Checkbox, Dialog, EmptyState, Input, Pagination, Select, useDocumentTitle } from '@store/ui';
import { ProductGrid, ProductGridSkeleton } from '../product-card/ProductCard';
import { useProducts } from '../products/api/get-products';
import { CatalogSearch } from './CatalogSearch';
import { activeFilterCount, queryFromUrl, sortOptions, withChanges } from './listParams';
import { useIsPhone } from './useIsPhone';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 15rem 1fr;
  gap: ${({ theme }) => theme.space[8]};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr;
  }
`;
const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: end;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
  p {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    white-space: nowrap;
  }
`;
// Both the phone's Filters button and the side column are in the page, one shown by the width: the
// server (and the browser hydrating its HTML) cannot know the screen, and a swap after hydration
// would move the list (layout shift).
const FiltersButton = styled(Button)`
  gap: ${({ theme }) => theme.space[2]};
  @media not all and (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;
const SheetActions = styled.div`
  position: sticky;
  bottom: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[6]};
  padding-top: ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.colors.surface};
`;
const Side = styled.aside`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space[6]};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 2px;
  }
  li a {
    display: block;
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    text-decoration: none;
  }
  li a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;
/** The side column of filters: wider screens only (the phone's are in the Filters sheet). */
const SideColumn = styled(Side)`
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;
const PriceForm = styled.form`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space[2]};
  button {
    grid-column: 1 / -1;
  }
`;
const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.textMuted};
`;
const PriceError = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
/**
 * A control's value that follows the URL but shows a change at once: router updates render in a
 * transition, so a control bound to the URL alone would snap back for a moment after each click.
 */
function useUrlValue<T extends string | boolean>(fromUrl: T): [T, (value: T) => void] {
  const [value, setValue] = useState(fromUrl);
  useEffect(() => {
    setValue(fromUrl);
  }, [fromUrl]);
  return [value, setValue];
}

export default function ProductListPage({ notFound }: { notFound?: ReactNode }) {
  const { category: pathCategory } = useParams();
  const [params, setParams] = useSearchParams();
  const query = queryFromUrl(params, pathCategory);
  const page = Number(query.page ?? 1);
  const categories = useCategories();
  const known = categories.data?.data;
  const unknownCategory = Boolean(
    query.category && known && !known.some((c) => c.name.toLowerCase() === query.category!.toLowerCase()),
  );
  const { data, isPending, isError, refetch, isPlaceholderData } = useProducts(query, { enabled: !unknownCategory });
  const [minPrice, setMinPrice] = useState(params.get('min_price') ?? '');
  const [maxPrice, setMaxPrice] = useState(params.get('max_price') ?? '');
  useEffect(() => {
    setMinPrice(params.get('min_price') ?? '');
    setMaxPrice(params.get('max_price') ?? '');
  }, [params]);

  const [sort, setSort] = useUrlValue<string>(query.sort ?? 'newest');
  const [onSale, setOnSale] = useUrlValue(Boolean(query.on_sale));
  const [inStock, setInStock] = useUrlValue(Boolean(query.in_stock));

  const change = (changes: Record<string, string | null>) => setParams(withChanges(params, changes));
  const listPath = (category?: string) =>
    category ? `/products/category/${encodeURIComponent(category)}` : '/products';
  const linkWith = (page: number) => `?${withChanges(params, { page: page > 1 ? String(page) : null }).toString()}`;
  const title = query.search
    ? `Results for “${query.search}”`
    : (query.category ?? (query.featured ? 'Featured products' : 'All products'));
  useDocumentTitle(unknownCategory ? 'Category not found' : title);
  const filtered = Boolean(
    query.search ||
    query.min_price !== undefined ||
    query.max_price !== undefined ||
    query.on_sale ||
    query.in_stock ||
    query.featured,
  );

  const priceError =
    minPrice.trim() !== '' && maxPrice.trim() !== '' && Number(minPrice) > Number(maxPrice)
      ? 'The minimum price is above the maximum.'
      : undefined;
  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    if (priceError) return;
    change({ min_price: minPrice || null, max_price: maxPrice || null });
  };
  const phone = useIsPhone();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = activeFilterCount(query);
  const countLabel = data
    ? `${formatCount(data.meta.total)}${data.meta.total_exact === false ? '+' : ''} ${data.meta.total === 1 ? 'product' : 'products'}`
    : '';
  // A new page starts at the top of the list, not where the pager was.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);

  const filterSections = (
    <>
      <section>
        <h2>Category</h2>
        <ul>
          <li>
            <Link
              to={`${listPath()}?${withChanges(params, { category: null }).toString()}`}
              aria-current={!query.category ? 'page' : undefined}
            >
              All
            </Link>
          </li>
          {known?.map((c) => (
            <li key={c.id}>
              <Link
                to={`${listPath(c.name)}?${withChanges(params, { category: null }).toString()}`}
                aria-current={query.category?.toLowerCase() === c.name.toLowerCase() ? 'page' : undefined}
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>Price</h2>
        <PriceForm onSubmit={applyPrice}>
          {(
            [
              ['Minimum price', 'Min', minPrice, setMinPrice],
              ['Maximum price', 'Max', maxPrice, setMaxPrice],
            ] as const
          ).map(([label, placeholder, value, setValue]) => (
            <Input
              key={label}
              aria-label={label}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? 'price-error' : undefined}
              inputMode="decimal"
              placeholder={placeholder}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          ))}
          {priceError && (
            <PriceError id="price-error" role="alert">
              {priceError}
            </PriceError>
          )}
          <Button type="submit" $size="sm" disabled={Boolean(priceError)}>
            Apply price
          </Button>
        </PriceForm>
      </section>
      <section>
        <h2>Availability</h2>
        <div style={{ display: 'grid', gap: 8 }}>
          <Checkbox
            label="On sale"
            checked={onSale}
            onChange={(e) => {
              setOnSale(e.target.checked);
              change({ on_sale: e.target.checked ? 'true' : null });
            }}
          />
          <Checkbox
            label="In stock"
            checked={inStock}
            onChange={(e) => {
              setInStock(e.target.checked);
              change({ in_stock: e.target.checked ? 'true' : null });
            }}
          />
        </div>
      </section>
      {filtered && (
        <Button $variant="ghost" onClick={() => setParams(new URLSearchParams())}>
          Clear filters
        </Button>
      )}
    </>
  );

  // An unknown category is an unknown page: the shell's 404 page (answered 404 by the shell's server).
  if (unknownCategory && notFound) return notFound;
  if (unknownCategory) {
    return (
      <div data-boundary="mf-catalog">
        <EmptyState
          title="Category not found"
          description={`We could not find a category called “${query.category}”.`}
          link={{ to: '/products', label: 'Browse all products', primary: true }}
        />
      </div>
    );
  }

  return (
    <div data-boundary="mf-catalog">
      <Head>
        <div>
          <h1>{title}</h1>
          <p aria-live="polite">{data ? countLabel : 'Loading products…'}</p>
        </div>

        <FiltersButton
          type="button"
          $variant="secondary"
          aria-haspopup="dialog"
          aria-label={activeFilters ? `Filters (${activeFilters} active)` : 'Filters'}
          onClick={() => setFiltersOpen(true)}
        >
          Filters
          {activeFilters > 0 && <Badge aria-hidden="true">{activeFilters}</Badge>}
        </FiltersButton>

        <label>
          Sort by
          <Select
            value={sort}
            onChange={(e) => {
              setSort(e.target.value);
              change({ sort: e.target.value === (query.search ? 'relevance' : 'newest') ? null : e.target.value });
            }}
            style={{ width: 'auto' }}
          >
            {sortOptions
              .filter((o) => o.value !== 'relevance' || query.search)
              .map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
          </Select>
        </label>
      </Head>
      <Layout>
        {phone && (
          <Dialog open={filtersOpen} onClose={() => setFiltersOpen(false)} title="Filters" width="24rem">
            <Side as="div">{filterSections}</Side>
            <SheetActions>
              <Button $variant="primary" onClick={() => setFiltersOpen(false)}>
                {data ? `Show ${countLabel}` : 'Show products'}
              </Button>
            </SheetActions>
          </Dialog>
        )}
        {!(phone && filtersOpen) && (
          <SideColumn aria-label="Filters">
            <section>
              <h2>Search</h2>
              <CatalogSearch value={query.search ?? ''} onSearch={(term) => change({ search: term })} />
            </section>
            {filterSections}
          </SideColumn>
        )}
        <section aria-label="Products" aria-busy={isPending || isPlaceholderData}>
          {isPending ? (
            <ProductGridSkeleton />
          ) : isError ? (
            <EmptyState
              title="Products could not be loaded"
              description="Please try again."
              action={<Button onClick={() => void refetch()}>Try again</Button>}
            />
          ) : data.data.length === 0 ? (
            <EmptyState
              title="No products match your filters"
              description={
                data.search?.suggestion ? (
                  <>
                    Did you mean{' '}
                    <Link to={`?${withChanges(params, { search: data.search.suggestion }).toString()}`}>
                      “{data.search.suggestion}”
                    </Link>
                    ?
                  </>
                ) : (
                  'Try removing a filter or searching for something else.'
                )
              }
              action={
                <Button $variant="primary" onClick={() => setParams(new URLSearchParams())}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <>
              {data.search?.match === 'some' && (
                <Notice role="status">
                  No product matches every word of “{query.search}”; these match some of them.
                </Notice>
              )}
              <ProductGrid products={data.data} eagerCount={4} />
              {data.meta.total_pages > 1 && <Pagination meta={data.meta} hrefFor={linkWith} />}
            </>
          )}
        </section>
      </Layout>
    </div>
  );
}
