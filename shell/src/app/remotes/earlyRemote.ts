import type { RemoteName, RemoteViewName } from '@store/contracts';
import type { LoadingVariant } from '../../pages/loading/LoadingPage';
import { readInlinedRemotesConfig } from './remotesConfig';

/**
 * The start of a first visit's longest chain (issue 10), taken off the critical path: the remote that
 * draws the address the visitor opened has its manifest asked for while the shell's own shared
 * modules (React…) are still downloading, and once it is there its remoteEntry.js and the chunk of its
 * `./routes` module are preloaded. Runs in the shell's entry, before the async boundary: nothing here
 * may import a shared module.
 *
 * Not a `<link rel="preload">` written by the server: when the remote is down, a preload that fails
 * and is never used (remoteEntry.js, behind the failed manifest) is handed to the retry's request
 * later and Try again keeps failing (e2e/remotes.spec.ts). Here nothing is preloaded before the
 * manifest answered, and the manifest's response is used once, by remoteModules.ts (a retry fetches
 * again).
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

export interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string; type?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

/**
 * A remote's remoteEntry.js as an absolute URL, from its manifest: next to the manifest for a
 * publicPath 'auto' remote, else under its publicPath. Null when the manifest names no entry or no
 * publicPath (a manifest whose public path is computed at runtime).
 */
export function remoteEntryUrl(manifestUrl: string, manifest: Manifest): string | null {
  const meta = manifest.metaData;
  if (!meta?.remoteEntry?.name || !meta.publicPath) return null;
  const base = meta.publicPath === 'auto' ? new URL('.', manifestUrl) : new URL(meta.publicPath, manifestUrl);
  const dir = meta.remoteEntry.path ? `${meta.remoteEntry.path.replace(/\/$/, '')}/` : '';
  return new URL(`${dir}${meta.remoteEntry.name}`, base).href;
}

/** remoteEntry.js and the `./routes` module's own chunks, as absolute URLs (a publicPath 'auto' remote). */
export function routesScripts(manifestUrl: string, manifest: Manifest): string[] {
  const meta = manifest.metaData;
  if (!meta?.remoteEntry?.name || meta.publicPath !== 'auto') return [];
  const base = new URL('.', manifestUrl);
  const dir = meta.remoteEntry.path ? `${meta.remoteEntry.path.replace(/\/$/, '')}/` : '';
  const routes = manifest.exposes?.find((e) => e.path === './routes');
  return [`${dir}${meta.remoteEntry.name}`, ...(routes?.assets?.js?.sync ?? [])].map(
    (file) => new URL(file, base).href,
  );
}

const early = new Map<string, Promise<Response>>();

/** Starts the manifest of the remote that draws `pathname`, then preloads its entry and routes chunk. */
export function startRouteRemote(pathname = location.pathname, doc: Document = document): void {
  const route = routeView(pathname);
  const entry = route ? readInlinedRemotesConfig(doc)?.[route.remote]?.entry : undefined;
  // An entry that is a remoteEntry.js (no manifest) is loaded by the runtime as it is.
  if (!entry || !/\.json(\?|$)/.test(entry)) return;
  // The request remoteModules.ts makes for the manifest before it registers the remote, handed to it below.
  const response = fetch(entry, {});
  early.set(entry, response);
  response
    .then((r) => (r.ok ? (r.clone().json() as Promise<Manifest>) : null))
    .then((manifest) => {
      for (const href of manifest ? routesScripts(entry, manifest) : []) {
        const link = doc.createElement('link');
        link.rel = 'preload';
        link.as = 'script';
        link.href = href;
        doc.head.append(link);
      }
    })
    .catch(() => {
      // remoteModules.ts gets the same failure and the page shows the remote's retry notice.
    });
}

/** The manifest response started early, handed out once: a later load (a retry) fetches again. */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const response = early.get(url);
  early.delete(url);
  return response;
}
