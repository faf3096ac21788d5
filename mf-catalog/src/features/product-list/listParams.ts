import type { ProductListQuery, ProductSort } from '@store/contracts';

export const PAGE_SIZE = 24;
export const sortOptions: { value: ProductSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name' },
];

/** The API's limits (productListQuerySchema): beyond them it answers 400, so the URL is clamped. */
const MAX_PAGE = 10_000;
const MAX_PRICE = 1_000_000;

const num = (v: string | null, max: number) => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, max) : undefined;
};

/** Every filter lives in the URL: this turns the URL into the API query. */
export function queryFromUrl(params: URLSearchParams, pathCategory?: string): ProductListQuery {
  const category = pathCategory ?? params.get('category') ?? undefined;
  const sort = params.get('sort');
  const page = Math.max(1, Math.floor(num(params.get('page'), MAX_PAGE) ?? 1));
  const search = params.get('search')?.trim() || undefined;
  // A search lists the best matches first, anything else the newest; 'Best match' needs a search.
  const fallback: ProductSort = search ? 'relevance' : 'newest';
  const known = sortOptions.some((o) => o.value === sort) && (sort !== 'relevance' || search);
  return {
    search,
    category: category && category !== 'all' ? category : undefined,
    min_price: num(params.get('min_price'), MAX_PRICE),
    max_price: num(params.get('max_price'), MAX_PRICE),
    on_sale: params.get('on_sale') === 'true' || undefined,
    in_stock: params.get('in_stock') === 'true' || undefined,
    featured: params.get('featured') === 'true' || undefined,
    sort: known ? (sort as ProductSort) : fallback,
    page,
    page_size: PAGE_SIZE,
  };
}

/** Returns new search params with `changes` applied; any filter change goes back to page 1. */
export function withChanges(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** How many filters narrow the list (the phone's Filters button shows it); the search is not one. */
export function activeFilterCount(query: ProductListQuery): number {
  return [
    query.category,
    query.min_price !== undefined || query.max_price !== undefined,
    query.on_sale,
    query.in_stock,
    query.featured,
  ].filter(Boolean).length;
}
