import { queryClient } from '@store/http';
import { categoriesQuery, productQuery } from '@store/shopper';
import { preloadablePage as page } from '@store/ui';
import { homeRowQuery, homeRows } from '../features/home/homeRows';
import { onProductIntent } from '../features/product-card/productIntent';
import { queryFromUrl } from '../features/product-list/listParams';
import { productsQuery } from '../features/products/api/get-products';

/** How long the home page waits for the categories before it shows without them (skeleton tiles). */
export const CATEGORIES_WAIT_MS = 2000;

/**
 * The home page's category tiles take as many rows as there are categories: it shows once they are
 * known (or failed; the shell asked for them at start-up), so the rails below never move (CLS). It
 * waits at most CATEGORIES_WAIT_MS: on a slow or failing API the call and the client's retries can
 * take many seconds, and the page (its hero, its rails) must not wait for them.
 */
const categoriesKnown = () =>
  Promise.race([
    queryClient.ensureQueryData(categoriesQuery).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, CATEGORIES_WAIT_MS)),
  ]);

export const pages = {
  home: page(async () => (await Promise.all([import('../features/home/HomePage'), categoriesKnown()]))[0]),
  list: page(() => import('../features/product-list/ProductListPage')),
  details: page(() => import('../features/product-details/ProductDetailsPage')),
};

// A card the visitor is about to open: its page's chunk and its product start now (intent prefetch).
onProductIntent((productId) => {
  void pages.details.load().catch(() => {}); // a failure shows when the page renders
  void queryClient.prefetchQuery(productQuery(productId));
});

interface FirstPage {
  page: keyof typeof pages;
  queries: { queryKey: readonly unknown[]; queryFn: () => Promise<unknown>; staleTime: number }[];
  /**
   * Whether the page shows only once its queries answered: a list or a product is its data (one
   * render with it, not skeletons first); the home page's hero is not, and its rails keep their
   * height while they load, so it shows without waiting for them.
   */
  withData: boolean;
}

/**
 * The page the shell mounts the catalog for at `url` (`/` Home, `/products/*` Products) and the
 * queries that page makes on its first render: the same keys and functions as its hooks.
 */
export function firstPage(url: Pick<URL, 'pathname' | 'search'>): FirstPage | null {
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length === 0)
    return { page: 'home', queries: homeRows.map((r) => productsQuery(homeRowQuery(r.query))), withData: false };
  if (parts[0] !== 'products') return null;
  const params = new URLSearchParams(url.search);
  if (parts.length === 1) return { page: 'list', queries: [productsQuery(queryFromUrl(params))], withData: true };
  if (parts.length === 3 && parts[1] === 'category') {
    let category: string;
    try {
      category = decodeURIComponent(parts[2]!);
    } catch {
      return { page: 'list', queries: [], withData: true };
    }
    return { page: 'list', queries: [productsQuery(queryFromUrl(params, category))], withData: true };
  }
  if (parts.length === 2 && /^\d+$/.test(parts[1]!))
    return { page: 'details', queries: [productQuery(Number(parts[1]))], withData: true };
  return null;
}

/**
 * Starts the page of `url` and its data at once, in parallel, instead of one after the other (the
 * chunk, then its first render, then the requests): issue 10's chain. The hooks then find the
 * queries in the shared QueryClient, so nothing is asked twice. Settles once the chunk is there and,
 * for a page that is its data (`withData`), its queries answered or failed: the page then shows in
 * one render with its content, instead of skeletons first.
 */
export function startFirstPage(url: Pick<URL, 'pathname' | 'search'>): Promise<unknown> {
  const first = firstPage(url);
  if (!first) return Promise.resolve();
  // prefetchQuery never rejects; a failure shows on the page, which asks again.
  const data = first.queries.map((query) => queryClient.prefetchQuery(query));
  // A failure: React.lazy asks again when it renders the page, and shows it.
  return Promise.all([pages[first.page].load().catch(() => {}), ...(first.withData ? data : [])]);
}
