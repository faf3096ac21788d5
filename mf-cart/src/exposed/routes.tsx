import { lazy } from 'react';
import type { RemoteRoutesModule } from '@store/contracts';

const Cart = lazy(() => import('../features/cart-lines/CartPage'));
const Checkout = lazy(() => import('../features/checkout/CheckoutPage'));

export const views = { Cart, Checkout } satisfies RemoteRoutesModule<'cart'>['views'];

/** This build's id (set by the federation config from STORE_BUILD or the package version). */
export const build = process.env.STORE_BUILD;
