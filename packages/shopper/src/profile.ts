import type { CategoriesResponse, UserProfile } from '@store/contracts';
import { http, queryClient, queryKeys, useQuery } from '@store/http';
import { useSession } from '@store/session';
import { seedCart } from './cartMutations';

/** The profile without its cart: the cart has one home, the cart query (`useCart`). */
export type Profile = Omit<UserProfile, 'cart'>;

/** A `users/me` answer: its cart goes to the cart query, the rest is the profile. */
function takeAnswer({ cart, ...profile }: UserProfile): Profile {
  seedCart(cart.cart_items);
  return profile;
}

/**
 * GET users/me: one request fills the profile and the cart. No abort signal: the cart query waits on
 * this read too, so a screen that stops watching the profile must not abort it (a cart call's
 * cancelQueries still drops its answer).
 */
export const profileQuery = {
  queryKey: queryKeys.profile,
  queryFn: async (): Promise<Profile> => takeAnswer((await http.get<UserProfile>('users/me')).data),
};

/** Stores a `users/me` answer that came another way (PATCH users/me answers the whole profile). */
export function storeProfile(answer: UserProfile) {
  queryClient.setQueryData<Profile>(queryKeys.profile, takeAnswer(answer));
}

/** The profile, only when signed in; every load also puts the server's cart on the page. */
export function useProfile() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  return useQuery({ ...profileQuery, enabled: isAuthenticated });
}

export async function getCategories(): Promise<CategoriesResponse> {
  return (await http.get<CategoriesResponse>('products/categories')).data;
}

/** The categories menu and the category tiles share this one cached query (SPEC.md section 9). */
export const categoriesQuery = {
  queryKey: queryKeys.categories,
  queryFn: getCategories,
  staleTime: 300_000,
  gcTime: 300_000,
};

export function useCategories() {
  return useQuery(categoriesQuery);
}
