import type { ProductListQuery, ProductListResponse } from '@store/contracts';
import { http, queryKeys, keepPreviousData, useQuery } from '@store/http';

export async function getProducts(query: ProductListQuery): Promise<ProductListResponse> {
  const params = Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== false),
  );
  return (await http.get<ProductListResponse>('products', { params })).data;
}

export const productsQuery = (query: ProductListQuery) => ({
  queryKey: queryKeys.products(query),
  queryFn: () => getProducts(query),
  staleTime: 60_000,
});

export function useProducts(query: ProductListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQuery(query), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}
