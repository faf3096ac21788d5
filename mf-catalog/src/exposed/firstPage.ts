import { createElement, lazy, useState, type ComponentType } from 'react';
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

/**
 * A page loaded on demand that renders at once when its module is already there (the first page,
 * started with this module): no suspending, so the shell's first screen can show it directly.
 * Whether it suspends is decided once per mount, so a later render never swaps it (no remount).
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  let module: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((m) => {
      module = m.default;
      return m;
    });
  const Lazy = lazy(loadAndKeep);
  function Page() {
    const [Loaded] = useState(() => module);
    return Loaded ? createElement(Loaded) : createElement(Lazy);
  }
  return { Page, load: loadAndKeep };
}

export const pages = {
  home: page(() => Promise.all([import('../features/home/HomePage'), categoriesKnown()]).then(([m]) => m)),
  list: page(() => import('../features/product-list/ProductListPage')),
  details: page(() => import('../features/product-details/ProductDetailsPage')),
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
export function startFirstPage(url: Pick<URL, 'pathname' | 'search'>): Promise<unknown> {
  const first = firstPage(url);
  if (!first) return Promise.resolve();
  for (const query of first.queries) void queryClient.prefetchQuery(query);
  // A failure: React.lazy asks again when it renders the page, and shows it.
  return pages[first.page].load().catch(() => {});
}
