export { useProfile, useCategories, categoriesQuery, storeProfile } from './profile';
export type { Profile } from './profile';
export {
  cartQuery,
  startCart,
  useCart,
  useCartCount,
  useAddToCart,
  useRemoveFromCart,
  useSetCartQuantity,
  useClearCart,
  addToCart,
  removeFromCart,
  clearCart,
  cartTotals,
  stockMessage,
  stockToastId,
} from './cart';
export { productQuery } from './product';
export { useWishlist, useToggleWishlist } from './wishlist';
export { RequireSignIn } from './RequireSignIn';
export { signIn, signOut, RoleNotAllowedError } from './signInOut';
export type { SignedIn } from './signInOut';
export type { RequireSignInProps } from './RequireSignIn';
export { ProductSuggest } from './search/ProductSuggest';
export type { ProductSuggestProps, SuggestInputProps } from './search/ProductSuggest';
