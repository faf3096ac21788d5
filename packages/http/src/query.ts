/**
 * The query hooks of the page. @tanstack/react-query is not shared as a whole module (federation
 * shares a library whole, nothing tree-shaken); it lives inside this package, which is the shared
 * singleton, so its one QueryClient context and only the hooks the store uses are on the page.
 * Need another API? Add it here (ESLint keeps every app importing these from @store/http).
 */
export {
  dehydrate,
  hydrate,
  keepPreviousData,
  MutationObserver,
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
export type {
  DehydratedState,
  MutationOptions,
  QueryKey,
  UseQueryOptions,
  UseQueryResult,
  UseMutationResult,
} from '@tanstack/react-query';
