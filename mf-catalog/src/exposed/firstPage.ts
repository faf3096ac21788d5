import { queryClient } from '@store/http';
import { categoriesQuery, productQuery } from '@store/shopper';
import { homeRowQuery, homeRows } from '../features/home/homeRows';
import { queryFromUrl } from '../features/product-list/listParams';
import { productsQuery } from '../features/products/api/get-products';

/**
 * The home page's category tiles take as many rows as there are categories: it shows once they are
 * known (or failed; the shell asked for them at start-up), so the rails below never move (CLS).
 */
const categoriesKnown = () => queryClient.ensureQueryData(categoriesQuery).catch(() => undefined);

export const pages = {
  home: () => Promise.all([import('../features/home/HomePage'), categoriesKnown()]).then(([page]) => page),
  list: () => import('../features/product-list/ProductListPage'),
  details: () => import('../features/product-details/ProductDetailsPage'),
};

interface FirstPage {
  page: keyof typeof pages;
  queries: { queryKey: readonly unknown[]; queryFn: () => Promise<unknown>; staleTime: number }[];
}

/**
 * The page the shell mounts the catalog for at `url` (`/` Home, `/products/*` Products) and the
 * queries that page makes on its first render: the same keys and functions as its hooks.
 */
export function firstPage(url: Pick<URL, 'pathname' | 'search'>): FirstPage | null {
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length === 0) return { page: 'home', queries: homeRows.map((r) => productsQuery(homeRowQuery(r.query))) };
  if (parts[0] !== 'products') return null;
  const params = new URLSearchParams(url.search);
  if (parts.length === 1) return { page: 'list', queries: [productsQuery(queryFromUrl(params))] };
  if (parts.length === 3 && parts[1] === 'category') {
    let category: string;
    try {
      category = decodeURIComponent(parts[2]!);
    } catch {
      return { page: 'list', queries: [] };
    }
    return { page: 'list', queries: [productsQuery(queryFromUrl(params, category))] };
  }
  if (parts.length === 2 && /^\d+$/.test(parts[1]!))
    return { page: 'details', queries: [productQuery(Number(parts[1]))] };
  return null;
}

/**
 * Starts the page of `url` and its data at once, in parallel, instead of one after the other (the
 * chunk, then its first render, then the requests): issue 10's chain. The hooks then find the
 * queries in flight in the shared QueryClient, so nothing is asked twice.
 */
export function startFirstPage(url: Pick<URL, 'pathname' | 'search'>): void {
  const first = firstPage(url);
  if (!first) return;
  void pages[first.page]().catch(() => {
    // React.lazy asks again when it renders the page, and shows that failure.
  });
  for (const query of first.queries) void queryClient.prefetchQuery(query);
}
