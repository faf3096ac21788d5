import { useCallback } from 'react';
import type { ProductCard, WishlistResponse } from '@store/contracts';
import { getErrorMessage, http, queryClient, queryKeys, useMutation, useQuery } from '@store/http';
import { sessionStore, useSession } from '@store/session';
import { toast } from '@store/ui';

export const wishlistMessages = {
  login: 'Please login to view your wishlist!',
  added: 'Added to wishlist!',
  removed: 'Removed from wishlist!',
  failed: 'Failed to update wishlist!',
} as const;

export async function getWishlist(): Promise<WishlistResponse> {
  return (await http.get<WishlistResponse>('users/me/wishlist')).data;
}

export function useWishlist() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  return useQuery({ queryKey: queryKeys.wishlist, queryFn: getWishlist, enabled: isAuthenticated });
}

async function toggleOnServer({ product, add }: { product: ProductCard; add: boolean }) {
  const response = add
    ? await http.post<WishlistResponse>('users/me/wishlist', { product_id: product.id })
    : await http.delete<WishlistResponse>(`users/me/wishlist/${product.id}`);
  return response.data;
}

/** The heart a signed-out visitor pressed, finished after the sign-in. */
async function addAfterSignIn(product: ProductCard) {
  try {
    const current = await queryClient.fetchQuery({ queryKey: queryKeys.wishlist, queryFn: getWishlist });
    const wishlist = current.data.some((i) => i.product.id === product.id)
      ? current
      : await toggleOnServer({ product, add: true });
    if (Array.isArray(wishlist.data)) queryClient.setQueryData(queryKeys.wishlist, wishlist);
    toast.success(wishlistMessages.added);
  } catch (error) {
    toast.error(getErrorMessage(error, wishlistMessages.failed));
  }
}

/** Heart toggles: optimistic on the cached wishlist, rolled back on failure. */
export function useToggleWishlist() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const { data } = useWishlist();
  const mutation = useMutation({
    mutationFn: toggleOnServer,
    onMutate: async ({ product, add }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.wishlist });
      const previous = queryClient.getQueryData<WishlistResponse>(queryKeys.wishlist);
      queryClient.setQueryData<WishlistResponse>(queryKeys.wishlist, (old) => {
        const items = old?.data ?? [];
        return {
          data: add
            ? [{ product, added_at: new Date().toISOString() }, ...items.filter((i) => i.product.id !== product.id)]
            : items.filter((i) => i.product.id !== product.id),
        };
      });
      return { previous };
    },
    onSuccess: (wishlist, { add }) => {
      if (wishlist && Array.isArray(wishlist.data)) queryClient.setQueryData(queryKeys.wishlist, wishlist);
      toast.success(add ? wishlistMessages.added : wishlistMessages.removed);
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(queryKeys.wishlist, context?.previous);
      toast.error(getErrorMessage(error, wishlistMessages.failed));
    },
  });

  const isInWishlist = useCallback(
    (productId: number) => Boolean(data?.data.some((i) => i.product.id === productId)),
    [data],
  );

  const toggle = useCallback(
    (product: ProductCard) => {
      if (!isAuthenticated) {
        // The heart of a signed-out visitor is empty: the sign-in that follows adds the product,
        // unless the wishlist already holds it.
        sessionStore.getState().openDialog('login', { resume: () => addAfterSignIn(product) });
        toast.error(wishlistMessages.login);
        return;
      }
      mutation.mutate({ product, add: !isInWishlist(product.id) });
    },
    [isAuthenticated, isInWishlist, mutation],
  );

  return { toggle, isInWishlist, isPending: mutation.isPending };
}
