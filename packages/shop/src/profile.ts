import { useEffect } from 'react';
import type { CategoriesResponse, UserProfile } from '@store/contracts';
import { http, queryKeys, useQuery } from '@store/http';
import { sessionStore, useSession } from '@store/session';
import { cartSync } from './cartSync';

export async function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<UserProfile> {
  return (await http.get<UserProfile>('users/me', { signal })).data;
}

/** GET users/me: only when signed in; every load replaces the local cart with the server's. */
export function useProfile() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const query = useQuery({ queryKey: queryKeys.profile, queryFn: getProfile, enabled: isAuthenticated });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    // While cart calls are in flight the local cart is ahead of this answer; the last call's reply wins.
    if (data && !cartSync.isBusy()) sessionStore.getState().replaceCart(data.cart.cart_items);
  }, [data, dataUpdatedAt]);
  return query;
}

export async function getCategories(): Promise<CategoriesResponse> {
  return (await http.get<CategoriesResponse>('products/categories')).data;
}

/** The categories menu and the category tiles share this one cached query (SPEC.md section 9). */
export function useCategories() {
  return useQuery({ queryKey: queryKeys.categories, queryFn: getCategories, staleTime: 300_000, gcTime: 300_000 });
}
