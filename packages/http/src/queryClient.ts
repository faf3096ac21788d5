import { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '@store/session';
import type { ProductListQuery } from '@store/contracts';

/** Query keys shared by several rooms. */
export const queryKeys = {
  profile: ['profile'] as const,
  /** The signed-in shopper's cart lines: the one copy of the cart on the page (@store/shopper owns it). */
  cart: ['cart'] as const,
  categories: ['categories'] as const,
  wishlist: ['wishlist'] as const,
  products: (query: ProductListQuery = {}) => ['products', query] as const,
  product: (id: number | string) => ['product', String(id)] as const,
  /** Under 'products': public, like the lists. */
  productSuggestions: (term: string) => ['products', 'suggest', term] as const,
};

/** The store's query defaults (SPEC.md section 9): no retry, 5-minute stale time and GC. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 300_000, gcTime: 300_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/**
 * The one query cache of the page (shared singleton). A server render uses its own per request
 * (`createQueryClient`), handed down by `QueryClientProvider`, and sends it in the page
 * (`dehydrate`), where the browser `hydrate`s this one with it before its first render.
 */
export const queryClient = createQueryClient();

/** Answers that are the same for everybody; everything else in the cache belongs to the signed-in user. */
const publicKeys = new Set<unknown>([queryKeys.categories[0], 'products', 'product']);

// Logout (or a failed refresh) drops what belonged to the signed-in user: profile, wishlist, orders,
// admin figures, whatever a remote cached under its own key.
sessionStore.subscribe((state, previous) => {
  if (previous.isAuthenticated && !state.isAuthenticated) {
    queryClient.removeQueries({ predicate: (query) => !publicKeys.has(query.queryKey[0]) });
  }
});
