import type { CartResponse, Category, ProductCard, ProductDetail, ProductListResponse } from '@store/contracts';
import { closeTestServer, resetSession, startApi } from '@store/testing';

/** The catalog remote's fixture set and loopback API (not part of the build: only tests import it). */

export function listResponse(
  products: ProductCard[],
  meta: Partial<ProductListResponse['meta']> = {},
): ProductListResponse {
  return {
    data: products,
    meta: { page: 1, page_size: 24, total: products.length, total_pages: 1, ...meta },
  };
}

export function category(id: number, name: string): Category {
  return { id, name, description: `${name} for everyone`, image: `/api/media/categories/${id}.jpg`, product_count: 3 };
}

export const storeCategories = [category(1, 'Shoes'), category(2, 'Hats'), category(3, 'Home & Living')];

type Answer = { status: number; body?: unknown };

/**
 * A real catalog API on loopback: categories, `GET products` answered by `products(query)`,
 * `GET products/{id}` by `product(id)` (404 when it returns nothing), an empty wishlist and
 * `POST products/add-to-cart`, whose answer `addToCart` may hold back.
 */
export async function startCatalogApi(
  routes: {
    categories?: Category[];
    /** `null` answers 500, as a failing server would. */
    products?: (query: URLSearchParams) => ProductListResponse | null;
    product?: (id: string) => ProductDetail | undefined;
    addToCart?: (payload: { product_id: number; variant_id: number }) => Promise<CartResponse> | CartResponse;
  } = {},
) {
  const api = await startApi(async (req, body): Promise<Answer> => {
    const url = new URL(req.url ?? '/', 'http://test');
    const path = url.pathname.replace(/^\/api\//, '');
    if (req.method === 'GET' && path === 'products/categories') {
      return { status: 200, body: { data: routes.categories ?? storeCategories } };
    }
    if (req.method === 'GET' && path === 'products') {
      const list = (routes.products ?? (() => listResponse([])))(url.searchParams);
      return list ? { status: 200, body: list } : { status: 500, body: { detail: 'Server error' } };
    }
    if (req.method === 'GET' && path === 'users/me/wishlist') return { status: 200, body: { data: [] } };
    if (req.method === 'POST' && path === 'products/add-to-cart' && routes.addToCart) {
      return {
        status: 200,
        body: await routes.addToCart(JSON.parse(body) as { product_id: number; variant_id: number }),
      };
    }
    const detail = /^products\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && detail) {
      const product = routes.product?.(decodeURIComponent(detail[1]!));
      return product ? { status: 200, body: product } : { status: 404, body: { detail: 'Not found.' } };
    }
    return { status: 404, body: { detail: 'Not found.' } };
  });
  return {
    ...api,
    /** The query parameters of every `GET products` list request so far, in order. */
    productQueries: () =>
      api.requests
        .filter((r) => r.method === 'GET' && new URL(r.url, 'http://test').pathname === '/api/products')
        .map((r) => Object.fromEntries(new URL(r.url, 'http://test').searchParams)),
  };
}

export type CatalogApi = Awaited<ReturnType<typeof startCatalogApi>>;

/** After each test: calls in flight finish, the API stops, the page's singletons and the spies are as new. */
export async function resetCatalogTest(api?: CatalogApi) {
  if (api) await closeTestServer(api);
  resetSession();
  jest.restoreAllMocks();
}
