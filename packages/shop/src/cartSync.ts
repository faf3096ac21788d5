import type { Cart, UserProfile } from '@store/contracts';
import { queryClient, queryKeys } from '@store/http';
import { sessionStore } from '@store/session';

/**
 * Keeps the local cart and the server in step. Calls for one line run in click order (a chain per
 * line), and a server reply is applied only when no call is pending anywhere, so a reply never
 * overwrites a newer local change. Profile reads in flight when a call starts are cancelled, so a
 * stale `users/me` answer never puts back a line that was just removed.
 */
class CartSync {
  private pending = 0;
  private chains = new Map<string, Promise<unknown>>();
  private latest: Cart | null = null;
  private failed = false;

  isBusy() {
    return this.pending > 0;
  }

  run<T extends { cart?: Cart }>(key: string, call: () => Promise<T>): Promise<T> {
    this.pending++;
    // A profile read already on its way describes the cart before this change: drop its answer.
    void queryClient.cancelQueries({ queryKey: queryKeys.profile });
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(call)
      .then(
        (result) => {
          if (result.cart) this.latest = result.cart;
          return result;
        },
        (error: unknown) => {
          this.failed = true;
          throw error;
        },
      )
      .finally(() => {
        if (this.chains.get(key) === next) this.chains.delete(key);
        this.pending--;
        if (this.pending === 0) this.settle();
      });
    this.chains.set(key, next);
    return next;
  }

  private settle() {
    const { latest, failed } = this;
    this.latest = null;
    this.failed = false;
    if (failed) {
      // Something was rolled back: read the server's truth again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      return;
    }
    if (!latest) return;
    sessionStore.getState().replaceCart(latest.cart_items);
    if (queryClient.getQueryData<UserProfile>(queryKeys.profile)) {
      queryClient.setQueryData<UserProfile>(queryKeys.profile, (old) => (old ? { ...old, cart: latest } : old));
    } else {
      // The first profile read was cancelled above: read it again now that nothing is pending.
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    }
  }
}

export const cartSync = new CartSync();
export const lineKey = (productId: number, variantId: number) => `${productId}:${variantId}`;
