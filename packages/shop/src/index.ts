export { useProfile, useCategories, getCategories, storeProfile } from './profile';
export type { Profile } from './profile';
export {
  useCart,
  useCartCount,
  useAddToCart,
  useRemoveFromCart,
  useSetCartQuantity,
  useClearCart,
  addToCart,
  removeFromCart,
  setCartQuantity,
  clearCart,
  cartTotals,
  cartMessages,
  NOT_AUTHENTICATED,
  stockMessage,
  stockToastId,
} from './cart';
export { getProduct, productQuery } from './product';
export { useWishlist, useToggleWishlist, getWishlist, wishlistMessages } from './wishlist';
export { RequireSignIn } from './RequireSignIn';
export { signIn, signOut, RoleNotAllowedError, BadSignInAnswerError } from './signInOut';
export type { SignedIn } from './signInOut';
export type { RequireSignInProps } from './RequireSignIn';
export { ProductSuggest, SUGGEST_DEBOUNCE_MS } from './search/ProductSuggest';
export type { ProductSuggestProps, SuggestInputProps } from './search/ProductSuggest';
export { useSuggestions, getSuggestions } from './search/suggestions';
