import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@store/router';
import toast from 'react-hot-toast';
import type { CartItem } from '@store/contracts';
import { configureHttp, queryClient, queryKeys, QueryClientProvider } from '@store/http';
import { startTestServer } from '@store/http/test-server';
import { sessionStore } from '@store/session';
import { StoreToaster, UiProvider } from '@store/ui';

/** Test helpers shared by the cart remote's unit tests (not part of the build: only tests import it). */

export function cartItem({
  productId,
  variantId,
  name,
  salePrice = '0.00',
  regularPrice,
  quantity,
  attributes = {},
}: {
  productId: number;
  variantId: number;
  name: string;
  salePrice?: string;
  regularPrice: string;
  quantity: number;
  attributes?: Record<string, string>;
}): CartItem {
  return {
    product: {
      id: productId,
      name,
      category: 'Tops',
      type: 'VARIABLE',
      published: true,
      subscribers: 0,
      created_by: null,
      last_modified_by: null,
      created_at: '2024-01-01T00:00:00Z',
      last_modified_at: '2024-01-01T00:00:00Z',
      image: `/api/media/products/${productId}/1.svg`,
    },
    variant: {
      id: variantId,
      sku: `SKU-${productId}-${variantId}`,
      sale_price: salePrice,
      regular_price: regularPrice,
      stock: 50,
      attributes,
    },
    quantity,
  };
}

/** base64url of the UTF-8 JSON, as a JWT encodes its parts. */
const base64url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

/** Signs in with a token whose payload carries the role, as the API issues them. */
export function signIn(role: 'REGULAR' | 'ADMIN' = 'REGULAR') {
  sessionStore.getState().login({ access: `header.${base64url({ role })}.sig`, refresh: 'refresh-token' });
}

/**
 * A real cart API on loopback: it keeps its own lines, answers `users/me` with them, applies
 * update/remove/clear like the API does, can be told to fail the next call to a path, and can hold
 * its answers back until released (to see what the screen shows while a call is in flight).
 */
export async function startCartServer(initial: CartItem[] = []) {
  let lines = initial.map((item) => ({ ...item }));
  let failNext: { path: string; status: number; detail: string } | null = null;
  let held: Promise<void> | null = null;
  const cart = () => ({ id: 1, cart_items: lines });
  const server = await startTestServer(async (req, body) => {
    if (held) await held;
    const url = req.url ?? '';
    if (failNext && url.includes(failNext.path)) {
      const { status, detail } = failNext;
      failNext = null;
      return { status, body: { detail } };
    }
    const [productId, variantId] = url.split('/').slice(-2).map(Number);
    const same = (item: CartItem) => item.product.id === productId && item.variant.id === variantId;
    if (req.method === 'GET' && url === '/api/users/me') {
      return {
        status: 200,
        body: {
          id: 1,
          email: 'shopper@example.com',
          username: 'shopper',
          first_name: 'Sam',
          last_name: 'Shopper',
          role: 'REGULAR',
          is_active: true,
          date_joined: '2024-01-01T00:00:00Z',
          cart: cart(),
        },
      };
    }
    if (req.method === 'PUT' && url.includes('/api/products/update-cart-item/')) {
      const { quantity } = JSON.parse(body) as { quantity: number };
      lines = quantity <= 0 ? lines.filter((i) => !same(i)) : lines.map((i) => (same(i) ? { ...i, quantity } : i));
    } else if (req.method === 'DELETE' && url.includes('/api/products/remove-from-cart/')) {
      lines = lines.filter((i) => !same(i));
    } else if (req.method === 'DELETE' && url === '/api/products/clear-cart') {
      lines = [];
    } else {
      return { status: 404, body: { detail: 'Not found.' } };
    }
    return { status: 200, body: { message: 'ok', cart: cart() } };
  });
  configureHttp({ baseURL: server.baseURL, retryDelayMs: 1 });
  return {
    ...server,
    lines: () => lines,
    /** The calls the screen made, as `METHOD /path body`. */
    calls: () => server.requests.map((r) => `${r.method} ${r.url}${r.body ? ` ${r.body}` : ''}`),
    failNext: (path: string, status = 400, detail = 'Something went wrong.') => {
      failNext = { path, status, detail };
    },
    /** Holds every answer until the returned function is called. */
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
  };
}

export type CartServer = Awaited<ReturnType<typeof startCartServer>>;

/** Where the router is now, so a test can see where a link or a redirect went. */
function CurrentLocation() {
  const location = useLocation();
  return <p>Now at {location.pathname}</p>;
}

/**
 * Renders a screen the way the shell hosts it: the theme, the page's one query cache, a router
 * (at `path`, with every other path printing where it is) and the toaster.
 */
export function renderScreen(screen: ReactElement, { path = '/cart' }: { path?: string } = {}) {
  // RequireSignIn remembers the page from window.location: keep it on the same page as the router.
  window.history.replaceState(null, '', path);
  return render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={screen} />
            <Route path="*" element={<CurrentLocation />} />
          </Routes>
        </MemoryRouter>
        <StoreToaster />
      </UiProvider>
    </QueryClientProvider>,
  );
}

/** True once the signed-in profile (and with it the server's cart) has loaded. */
export const profileLoaded = () => queryClient.getQueryState(queryKeys.profile)?.status === 'success';

/** The clean-up every test of this remote needs: signed out, no dialog, no cache, no toasts. */
export async function resetStore(server?: { close: () => Promise<void> }) {
  sessionStore.getState().logout();
  sessionStore.getState().closeDialog();
  queryClient.clear();
  toast.remove();
  await server?.close();
}
