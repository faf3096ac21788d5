export { useProfile, useCategories, getProfile, getCategories } from './profile';
export {
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
export { useWishlist, useToggleWishlist, getWishlist, wishlistMessages } from './wishlist';
export { RequireSignIn } from './RequireSignIn';
export { signOut } from './signOut';
export type { RequireSignInProps } from './RequireSignIn';
