import { useCallback, useState } from 'react';
import { unitPriceCents } from '@store/contracts/money';
import type { CartItem, ProductSummary, Variant } from '@store/contracts';
import { getErrorMessage, queryClient, queryKeys, useQuery } from '@store/http';
import { sessionStore, useSession } from '@store/session';
import { cartCount } from './cartLines';
import { addOne, clearAll, readCart, removeOne, setQuantity, type AddOne } from './cartMutations';
import { profileQuery } from './profile';
import { toast } from '@store/ui';

/** SPEC.md section 8: the texts of every cart toast. */
export const cartMessages = {
  adding: 'Adding to cart...',
  added: 'Added to cart!',
  addFailed: 'Failed to add to cart!',
  loginToAdd: 'Please login to add to cart!',
  clearing: 'Clearing cart...',
  cleared: 'Cart cleared!',
  clearFailed: 'Failed to clear cart!',
  removing: 'Removing item from cart...',
  removed: 'Item removed from cart!',
  removeFailed: 'Failed to remove item from cart!',
  updateFailed: 'Failed to update the quantity!',
} as const;

/** The one message for a quantity above the stock; one toast per line, never stacked. */
export const stockMessage = (stock: number) =>
  stock > 0 ? `Only ${stock} left in stock.` : 'This item is out of stock.';
export const stockToastId = (productId: number, variantId: number) => `cart-quantity-${productId}-${variantId}`;

/** The API's answer to a call without a (valid) session: adding then asks for the sign-in dialog. */
const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';

const currentPath = () => (typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search);

/** Signed out: the spec's toast and the sign-in dialog; `resume` finishes the action after sign-in. */
function askToSignIn(message: string, toastId?: string, resume?: () => unknown) {
  sessionStore.getState().openDialog('login', resume ? { resume } : { returnTo: currentPath() });
  toast.error(message, toastId ? { id: toastId } : undefined);
}

export function cartTotals(items: CartItem[]) {
  return items.reduce(
    (totals, item) => ({
      count: totals.count + item.quantity,
      subtotalCents: totals.subtotalCents + unitPriceCents(item.variant) * item.quantity,
    }),
    { count: 0, subtotalCents: 0 },
  );
}

/**
 * The cart's lines: the one copy on the page. Its read is the profile's (`users/me` holds the cart),
 * so loading either fills both with one request; a read already on its way is shared.
 */
export const cartQuery = {
  queryKey: queryKeys.cart,
  queryFn: async (): Promise<CartItem[]> => {
    await queryClient.fetchQuery({ ...profileQuery, staleTime: 0 });
    return readCart();
  },
};

/**
 * Signed in, asks for the cart (with the profile: one `users/me`) unless it is cached or on its way,
 * and settles once it is there or failed; signed out, at once. Started at start-up by the shell and
 * awaited by the cart and account pages' `ready`, so a signed-in first screen shows with its data.
 */
export function startCart(): Promise<void> {
  return sessionStore.getState().isAuthenticated ? queryClient.prefetchQuery(cartQuery) : Promise.resolve();
}

/** The cart, only when signed in (`data`: its lines). */
export function useCart() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  return useQuery({ ...cartQuery, enabled: isAuthenticated });
}

/** The top bar's badge: how many items the cart holds (0 signed out). */
export function useCartCount(): number {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  return useQuery({ ...cartQuery, enabled: isAuthenticated, select: cartCount }).data ?? 0;
}

/** A pending flag for a component, around an async action. */
function usePending<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(0);
  const run = useCallback(
    async (...args: A): Promise<R> => {
      setPending((n) => n + 1);
      try {
        return await action(...args);
      } finally {
        setPending((n) => n - 1);
      }
    },
    [action],
  );
  return [run, pending > 0] as const;
}

/**
 * Adds `quantity` (default 1) of a variant: on the page at once, then on the server (SPEC.md
 * sections 4 and 8), with one toast. The API adds one per call and no quantity is sent, so one call
 * per item is sent, in order; whatever the server did not take is undone. The answer says whether
 * all of it was taken.
 */
export async function addToCart(
  product: ProductSummary & { image: string },
  variant: Variant,
  quantity = 1,
): Promise<boolean> {
  if (!sessionStore.getState().isAuthenticated) {
    // The sign-in that follows finishes this add, with the same variant and quantity.
    askToSignIn(cartMessages.loginToAdd, undefined, () => addToCart(product, variant, quantity));
    return false;
  }
  const batch: AddOne['batch'] = {};
  const calls = Array.from({ length: Math.max(1, Math.floor(quantity)) }, () => addOne({ product, variant, batch }));
  const id = toast.loading(cartMessages.adding);
  await Promise.allSettled(calls);
  if (batch.error === undefined) {
    toast.success(cartMessages.added, { id });
    return true;
  }
  if (getErrorMessage(batch.error, '') === NOT_AUTHENTICATED) askToSignIn(cartMessages.loginToAdd, id);
  else toast.error(cartMessages.addFailed, { id });
  return false;
}

export async function removeFromCart(productId: number, variantId: number): Promise<void> {
  const call = removeOne({ productId, variantId });
  const id = toast.loading(cartMessages.removing);
  try {
    await call;
    toast.success(cartMessages.removed, { id });
  } catch {
    toast.error(cartMessages.removeFailed, { id });
  }
}

export async function setCartQuantity(productId: number, variantId: number, quantity: number): Promise<void> {
  if (quantity <= 0) return removeFromCart(productId, variantId);
  try {
    await setQuantity({ productId, variantId, quantity });
  } catch (error) {
    // One toast per line: repeated failures replace it instead of stacking.
    toast.error(getErrorMessage(error, cartMessages.updateFailed), { id: stockToastId(productId, variantId) });
  }
}

export async function clearCart(): Promise<void> {
  const call = clearAll();
  const id = toast.loading(cartMessages.clearing);
  try {
    await call;
    toast.success(cartMessages.cleared, { id });
  } catch {
    toast.error(cartMessages.clearFailed, { id });
  }
}

export function useAddToCart() {
  const [run, isPending] = usePending(addToCart);
  return { addToCart: run, isPending };
}

export function useRemoveFromCart() {
  const [run, isPending] = usePending(removeFromCart);
  return { removeFromCart: run, isPending };
}

export function useSetCartQuantity() {
  const [run, isPending] = usePending(setCartQuantity);
  return { setQuantity: run, isPending };
}

export function useClearCart() {
  const [run, isPending] = usePending(clearCart);
  return { clearCart: run, isPending };
}
