import type { Handoff, ProductDetail, ProductListResponse } from '@store/contracts';
import { http, useMutation, useQuery } from '@store/http';

/** Where an element's calls go: the store's public embed routes for its key. */
export interface EmbedSource {
  storeUrl: string;
  key: string;
}

const embedUrl = ({ storeUrl, key }: EmbedSource, path: string) =>
  `${storeUrl.replace(/\/$/, '')}/api/embed/${encodeURIComponent(key)}${path}`;

export interface EmbedProductsFilters {
  category?: string;
  search?: string;
  sort?: string;
  limit: number;
}

export const embedProductsQuery = (source: EmbedSource, filters: EmbedProductsFilters) => ({
  queryKey: ['embed', source.storeUrl, source.key, 'products', filters] as const,
  queryFn: async () =>
    (
      await http.get<ProductListResponse>(embedUrl(source, '/products'), {
        params: {
          category: filters.category || undefined,
          search: filters.search || undefined,
          sort: filters.sort || undefined,
          limit: filters.limit,
        },
      })
    ).data,
});

export function useEmbedProducts(source: EmbedSource, filters: EmbedProductsFilters, enabled: boolean) {
  return useQuery({ ...embedProductsQuery(source, filters), enabled });
}

export function useEmbedProduct(source: EmbedSource, id: number | null) {
  return useQuery({
    queryKey: ['embed', source.storeUrl, source.key, 'product', id] as const,
    queryFn: async () => (await http.get<ProductDetail>(embedUrl(source, `/products/${id}`))).data,
    enabled: id !== null,
  });
}

/** A visitor's "Add to cart": the store answers the page that puts the item in their cart. */
export function useCreateHandoff(source: EmbedSource) {
  return useMutation({
    mutationFn: async (body: { product_id: number; variant_id?: number }) =>
      (await http.post<Handoff>(embedUrl(source, '/handoffs'), body)).data,
  });
}
