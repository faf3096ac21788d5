import { lazy } from 'react';
import type { RemoteRoutesModule } from '@store/contracts';

const Account = lazy(() => import('../features/profile/AccountPage'));
const Wishlist = lazy(() => import('../features/wishlist/WishlistPage'));
const Orders = lazy(() => import('../features/orders/OrdersPage'));

export const views = { Account, Wishlist, Orders } satisfies RemoteRoutesModule<'account'>['views'];

/** This build's id (set by the federation config from STORE_BUILD or the package version). */
export const build = process.env.STORE_BUILD;
