import type { ReactElement } from 'react';
import { configure, render, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@store/router';
import type {
  CartResponse,
  Category,
  ProductCard,
  ProductDetail,
  ProductListResponse,
  Variant,
} from '@store/contracts';
import { configureHttp, queryClient, QueryClientProvider } from '@store/http';
import { startTestServer } from '@store/http/test-server';
import { sessionStore } from '@store/session';
import { StoreToaster, UiProvider } from '@store/ui';

/** Test helpers shared by the catalog remote's unit tests (not part of the build: only tests import it). */

// Real HTTP on loopback (a CORS preflight, then the call) can be slower than 1 s on a busy machine.
configure({ asyncUtilTimeout: 5000 });

export function productCard(overrides: Partial<ProductCard> & { id: number; name: string }): ProductCard {
  return {
    category: 'Shoes',
    type: 'VARIABLE',
    published: true,
    subscribers: 0,
    created_by: null,
    last_modified_by: null,
    created_at: '2024-01-01T00:00:00Z',
    last_modified_at: '2024-01-01T00:00:00Z',
    slug: overrides.name.toLowerCase().replace(/\W+/g, '-'),
    image: `/api/media/products/${overrides.id}.jpg`,
    min_price: '49.99',
    regular_min_price: '49.99',
    on_sale: false,
    in_stock: true,
    featured: false,
    rating: 4.5,
    review_count: 12,
    ...overrides,
  };
}

export function variant(overrides: Partial<Variant> & { id: number }): Variant {
  return {
    sku: `SKU-${overrides.id}`,
    sale_price: '0.00',
    regular_price: '49.99',
    stock: 10,
    attributes: {},
    ...overrides,
  };
}

export function productDetail(
  overrides: Partial<ProductDetail> & { id: number; name: string; variants: Variant[] },
): ProductDetail {
  return {
    ...productCard(overrides),
    description: `All about ${overrides.name}.`,
    images: [`/api/media/products/${overrides.id}.jpg`],
    attributes: [],
    ...overrides,
  };
}

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

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** Signs in with a token whose payload carries the role, as the API issues them. */
export function signIn() {
  sessionStore.getState().login({ access: `a.${base64url({ role: 'REGULAR' })}.s`, refresh: 'refresh-token' });
}

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
  const server = await startTestServer(async (req, body): Promise<Answer> => {
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
  configureHttp({ baseURL: server.baseURL, retryDelayMs: 1 });
  return {
    ...server,
    /** The query parameters of every `GET products` list request so far, in order. */
    productQueries: () =>
      server.requests
        .filter((r) => r.method === 'GET' && new URL(r.url, 'http://test').pathname === '/api/products')
        .map((r) => Object.fromEntries(new URL(r.url, 'http://test').searchParams)),
  };
}

export type CatalogApi = Awaited<ReturnType<typeof startCatalogApi>>;

/** Prints where the router is, so a test can see the URL a click led to. */
export function CurrentLocation() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` (usually `<Routes>`) at `path` with the providers the shell gives a remote. */
export function renderAt(path: string, ui: ReactElement) {
  return render(
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <CurrentLocation />
        </MemoryRouter>
        <StoreToaster />
      </QueryClientProvider>
    </UiProvider>,
  );
}

/**
 * Leaves the shared singletons as a fresh page would have them. Calls still in flight are let
 * finish first: closing the server under them would make the client retry against a closed port.
 */
export async function resetCatalogTest(api?: CatalogApi) {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  queryClient.clear();
  await api?.close();
  sessionStore.getState().logout();
  sessionStore.getState().closeDialog();
  jest.restoreAllMocks();
}
