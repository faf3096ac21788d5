import type { RemoteName, RemoteViewName } from '@store/contracts';
import type { LoadingVariant } from '../../pages/loading/LoadingPage';
import { preloadExposed, registerRemotesConfig } from './remoteModules';
import { readInlinedRemotesConfig } from './remotesConfig';

/**
 * The start of a first visit's longest chain (issue 10), taken off the critical path: the remote that
 * draws the address the visitor opened is started from the shell's entry (the runtime's
 * `preloadRemote`: its manifest, then its remoteEntry.js and the chunks of its `./routes` module)
 * while the shell's own shared modules (React…) are still downloading. Runs in the shell's entry,
 * before the async boundary: nothing here may import a shared module.
 *
 * Not a `<link rel="preload">` written by the server: when the remote is down, a preload that fails
 * and is never used (remoteEntry.js, behind the failed manifest) is handed to the retry's request
 * later and Try again keeps failing (e2e/remotes.spec.ts). The runtime fetches nothing of a remote
 * before its manifest answered, and a retry registers the remote again (remoteModules.ts).
 */

type RouteView = { [R in RemoteName]: { remote: R; view: RemoteViewName<R> } }[RemoteName];
type RemoteRoute = RouteView & { path: string; loading?: LoadingVariant };

/**
 * The storefront's routes that a remote draws, as the shell's route table (router.tsx) mounts them
 * inside its frame: React Router's paths, '' for the index.
 */
export const remoteRoutes: readonly RemoteRoute[] = [
  { path: '', remote: 'catalog', view: 'Home', loading: 'products' },
  { path: 'products/*', remote: 'catalog', view: 'Products', loading: 'products' },
  { path: 'cart', remote: 'cart', view: 'Cart' },
  { path: 'checkout/*', remote: 'cart', view: 'Checkout', loading: 'checkout' },
  { path: 'account', remote: 'account', view: 'Account', loading: 'profile' },
  { path: 'wishlist', remote: 'account', view: 'Wishlist', loading: 'profile' },
  { path: 'orders/*', remote: 'account', view: 'Orders', loading: 'profile' },
];
/** `/admin/*`: the admin remote, in its own frame (AdminFrame). */
export const adminRoute = { path: 'admin/*', remote: 'admin', view: 'Admin' } as const satisfies RemoteRoute;

const matches = (path: string, pathname: string): boolean => {
  const trimmed = pathname.replace(/^\/|\/$/g, '');
  return path.endsWith('/*')
    ? trimmed === path.slice(0, -2) || trimmed.startsWith(path.slice(0, -1))
    : trimmed === path;
};

/** Which remote view draws a path (the tables above); null for the shell's own pages. */
export function routeView(pathname: string): RouteView | null {
  const route = [...remoteRoutes, adminRoute].find((r) => matches(r.path, pathname));
  return route ? ({ remote: route.remote, view: route.view } as RouteView) : null;
}

/**
 * Starts the remote that draws `pathname`, from the config the shell's server inlined into the page:
 * the runtime reads its manifest and loads its remoteEntry.js and `./routes` chunks while the shell's
 * shared modules download. Without an inlined config the shell starts at its bootstrap instead.
 */
export function startRouteRemote(pathname = location.pathname, doc: Document = document): void {
  const config = readInlinedRemotesConfig(doc);
  if (!config) return;
  registerRemotesConfig(config);
  const route = routeView(pathname);
  if (route) preloadExposed(route.remote, 'routes');
}
