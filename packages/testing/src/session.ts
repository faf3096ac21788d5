import { act } from '@testing-library/react';
import type { CartItem, Role } from '@store/contracts';
import { queryClient, queryKeys } from '@store/http';
import { sessionStore } from '@store/session';
import { toast } from '@store/ui';

/** base64url of the UTF-8 JSON, as a JWT encodes its parts. */
const base64url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

/**
 * A JWT-shaped access token `a.{payload}.s` whose payload carries `claims` (the role among them).
 * The client only reads the payload, it never verifies, so header and signature are placeholders.
 */
export const accessToken = (claims: Record<string, unknown>) => `a.${base64url(claims)}.s`;

/** Signs in as the API would: an access token with the role claim and a refresh token. */
export function signIn(role: Role = 'REGULAR') {
  act(() => sessionStore.getState().login({ access: accessToken({ role }), refresh: 'refresh-token' }));
}

/** Puts the page-wide singletons back as a fresh visit finds them: signed out, no dialog, toasts, cache or storage. */
export function resetSession() {
  act(() => {
    sessionStore.getState().logout();
    sessionStore.getState().closeDialog();
    toast.remove();
  });
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
}

/** The page's cart (the `queryKeys.cart` query) as `[productId, variantId, quantity]` lines. */
export const cartLines = () =>
  (queryClient.getQueryData<CartItem[]>(queryKeys.cart) ?? []).map((i) => [i.product.id, i.variant.id, i.quantity]);

/** Puts `items` in the page's cart, as if the server's cart had just loaded. */
export function setCart(items: CartItem[]) {
  act(() => {
    queryClient.setQueryData<CartItem[]>(queryKeys.cart, items);
  });
}

/** Records the toasts shown (loading, success, error) as `kind:message` instead of showing them; `jest.restoreAllMocks()` ends it. */
export function recordToasts(): string[] {
  const shown: string[] = [];
  for (const kind of ['loading', 'success', 'error'] as const) {
    jest.spyOn(toast, kind).mockImplementation((message) => (shown.push(`${kind}:${String(message)}`), kind));
  }
  return shown;
}
