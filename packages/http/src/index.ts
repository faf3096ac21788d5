export { http, configureHttp, assetUrl } from './client';
export type { HttpOptions } from './client';
export { getErrorMessage, getFieldErrors, getStatus } from './errors';
export { consumeFlashMessage, writeFlashMessage } from './flash';
export type { FlashMessage } from './flash';
export { createQueryClient, queryClient, queryKeys } from './queryClient';
export {
  dehydrate,
  hydrate,
  keepPreviousData,
  MutationObserver,
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
} from './query';
export type {
  DehydratedState,
  MutationOptions,
  QueryKey,
  UseQueryOptions,
  UseQueryResult,
  UseMutationResult,
} from './query';
