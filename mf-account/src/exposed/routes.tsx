import type { RemoteRoutesModule } from '@store/contracts';
import { startCart } from '@store/shopper';
import { preloadablePage } from '@store/ui';

const pages = {
  account: preloadablePage(() => import('../features/profile/AccountPage')),
  wishlist: preloadablePage(() => import('../features/wishlist/WishlistPage')),
  orders: preloadablePage(() => import('../features/orders/OrdersPage')),
};

/**
 * The shell loads this module for the page being opened: that page's chunk and the profile (one
 * `users/me` with the cart) start now, and the shell's first screen waits (briefly) for them.
 */
export function startFirstPage(pathname: string): Promise<unknown> {
  const [section, ...rest] = pathname.split('/').filter(Boolean);
  const page =
    section === 'orders' || ((section === 'account' || section === 'wishlist') && rest.length === 0)
      ? pages[section]
      : null;
  // A failed chunk: React.lazy asks again when the page renders, and shows the failure.
  return page ? Promise.all([page.load().catch(() => {}), startCart()]) : Promise.resolve();
}

export const ready = typeof window !== 'undefined' ? startFirstPage(window.location.pathname) : undefined;

export const views = {
  Account: pages.account.Page,
  Wishlist: pages.wishlist.Page,
  Orders: pages.orders.Page,
} satisfies RemoteRoutesModule<'account'>['views'];

/** This build's id (set by the federation config from STORE_BUILD or the package version). */
export const build = process.env.STORE_BUILD;
