import type { RemoteRoutesModule } from '@store/contracts';
import { startCart } from '@store/shopper';
import { preloadablePage } from '@store/ui';

const pages = {
  cart: preloadablePage(() => import('../features/cart-lines/CartPage')),
  checkout: preloadablePage(() => import('../features/checkout/CheckoutPage')),
};

/**
 * The shell loads this module for the page being opened: that page's chunk and the cart start now,
 * and the shell's first screen waits (briefly) for them, so it shows the page with its lines.
 */
export function startFirstPage(pathname: string): Promise<unknown> {
  const parts = pathname.split('/').filter(Boolean);
  const page = parts[0] === 'cart' && parts.length === 1 ? pages.cart : parts[0] === 'checkout' ? pages.checkout : null;
  // A failed chunk: React.lazy asks again when the page renders, and shows the failure.
  return page ? Promise.all([page.load().catch(() => {}), startCart()]) : Promise.resolve();
}

export const ready = typeof window !== 'undefined' ? startFirstPage(window.location.pathname) : undefined;

export const views = {
  Cart: pages.cart.Page,
  Checkout: pages.checkout.Page,
} satisfies RemoteRoutesModule<'cart'>['views'];

/** This build's id (set by the federation config from STORE_BUILD or the package version). */
export const build = process.env.STORE_BUILD;
