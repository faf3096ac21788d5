import type { ProductDetail } from '@store/contracts';
import { queryClient } from '@store/http';
import { productQuery } from '@store/shopper';

/**
 * The product behind a wishlist line, for 'Move to cart' (its variants and stock): through the
 * shared product query, so a product the shopper just looked at is not fetched again.
 */
export function fetchProduct(id: number): Promise<ProductDetail> {
  return queryClient.fetchQuery(productQuery(id));
}
