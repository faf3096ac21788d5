import type { ProductDetail } from '@store/contracts';
import { http, queryKeys } from '@store/http';

/** GET products/{id}: one product with its variants. */
export async function getProduct(id: number): Promise<ProductDetail> {
  return (await http.get<ProductDetail>(`products/${id}`)).data;
}

/**
 * The one query for a product, for every room: the catalogue's product page and the wishlist's
 * 'Move to cart' read and fill the same cache entry (`queryKeys.product`).
 */
export const productQuery = (id: number) => ({
  queryKey: queryKeys.product(id),
  queryFn: () => getProduct(id),
  staleTime: 60_000,
});
