import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { unitPriceCents } from '@store/contracts/money';
import type { CartItem, CartResponse, ProductSummary, Variant } from '@store/contracts';
import { getErrorMessage, http } from '@store/http';
import { sessionStore } from '@store/session';
import { cartSync, lineKey } from './cartSync';

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

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';

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

function findLine(productId: number, variantId: number) {
  return sessionStore.getState().cart.find((i) => i.product.id === productId && i.variant.id === variantId);
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
 * Adds `quantity` (default 1) of a variant: locally at once, then on the server (SPEC.md sections 4
 * and 8), with one toast. The API adds one per call and no quantity is sent, so several are sent in
 * order; whatever the server did not take is rolled back. The answer says whether all of it was taken.
 */
export async function addToCart(
  product: ProductSummary & { image: string },
  variant: Variant,
  quantity = 1,
): Promise<boolean> {
  const session = sessionStore.getState();
  if (!session.isAuthenticated) {
    // The sign-in that follows finishes this add, with the same variant and quantity.
    askToSignIn(cartMessages.loginToAdd, undefined, () => addToCart(product, variant, quantity));
    return false;
  }
  const count = Math.max(1, Math.floor(quantity));
  session.addLocalItem({ product, variant }, count);
  const id = toast.loading(cartMessages.adding);
  let added = 0;
  try {
    await cartSync.run(lineKey(product.id, variant.id), async () => {
      let answer: CartResponse | undefined;
      for (; added < count; added++) {
        answer = (
          await http.post<CartResponse>('products/add-to-cart', { product_id: product.id, variant_id: variant.id })
        ).data;
      }
      return answer ?? {};
    });
    toast.success(cartMessages.added, { id });
    return true;
  } catch (error) {
    const line = findLine(product.id, variant.id);
    if (line) sessionStore.getState().setLocalQuantity(product.id, variant.id, line.quantity - (count - added));
    if (getErrorMessage(error, '') === NOT_AUTHENTICATED) askToSignIn(cartMessages.loginToAdd, id);
    else toast.error(cartMessages.addFailed, { id });
    return false;
  }
}

export async function removeFromCart(productId: number, variantId: number): Promise<void> {
  const line = findLine(productId, variantId);
  const index = sessionStore.getState().cart.findIndex((i) => i === line);
  sessionStore.getState().removeLocalItem(productId, variantId);
  const id = toast.loading(cartMessages.removing);
  try {
    await cartSync.run(
      lineKey(productId, variantId),
      async () => (await http.delete<CartResponse>(`products/remove-from-cart/${productId}/${variantId}`)).data,
    );
    toast.success(cartMessages.removed, { id });
  } catch {
    if (line && !findLine(productId, variantId)) {
      const cart = [...sessionStore.getState().cart];
      cart.splice(Math.max(0, index), 0, line);
      sessionStore.getState().replaceCart(cart);
    }
    toast.error(cartMessages.removeFailed, { id });
  }
}

export async function setCartQuantity(productId: number, variantId: number, quantity: number): Promise<void> {
  if (quantity <= 0) return removeFromCart(productId, variantId);
  const before = findLine(productId, variantId)?.quantity;
  sessionStore.getState().setLocalQuantity(productId, variantId, quantity);
  try {
    await cartSync.run(
      lineKey(productId, variantId),
      async () =>
        (await http.put<CartResponse>(`products/update-cart-item/${productId}/${variantId}`, { quantity })).data,
    );
  } catch (error) {
    if (before !== undefined && findLine(productId, variantId)?.quantity === quantity) {
      sessionStore.getState().setLocalQuantity(productId, variantId, before);
    }
    // One toast per line: repeated failures replace it instead of stacking.
    toast.error(getErrorMessage(error, cartMessages.updateFailed), { id: stockToastId(productId, variantId) });
  }
}

export async function clearCart(): Promise<void> {
  const snapshot = sessionStore.getState().cart;
  sessionStore.getState().clearLocalCart();
  const id = toast.loading(cartMessages.clearing);
  try {
    await cartSync.run('*', async () => (await http.delete<CartResponse>('products/clear-cart')).data);
    toast.success(cartMessages.cleared, { id });
  } catch {
    if (sessionStore.getState().cart.length === 0) sessionStore.getState().replaceCart(snapshot);
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
