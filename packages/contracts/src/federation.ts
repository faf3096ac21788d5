import type { ComponentType, ReactNode } from 'react';

/** The remotes the shell composes at runtime. */
export const remoteNames = ['catalog', 'cart', 'account', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

/**
 * `/remotes.json`, served next to the shell and read at start-up: where each remote's
 * manifest (or remoteEntry.js) lives, and which released build that is (absent: the store's own).
 * Answered per visitor (a canary reaches a share of them): scripts/lib/serve-store.mjs.
 */
export type RemotesConfig = Record<RemoteName, { entry: string; build?: string }>;

/** The modules the shell loads from each remote (besides the views inside `./routes`). */
export const remoteExposedModules: Record<RemoteName, readonly string[]> = {
  catalog: ['./routes'],
  cart: ['./routes', './MiniCart'],
  account: ['./routes'],
  admin: ['./routes'],
};

/** The build of a remote that no release replaced: the store's own, served on the remote's port. */
export const DEFAULT_BUILD = 'default';

/** Props the shell hands every view it mounts from a remote. */
export interface RemoteViewProps {
  /** The shell's 404 page, for paths a remote's own sub-routes do not match. */
  notFound: ReactNode;
}

/**
 * The views each remote exposes through `./routes`, by name. This is the contract between the shell
 * and the remote teams, checked on both sides by the compiler: a remote's `views` object must have
 * exactly these keys (`satisfies RemoteRoutesModule<'catalog'>['views']`), and the shell can only
 * mount a view named here (`<RemoteView remote="catalog" view="Home" />`). Remote URLs are runtime
 * data, so there is no build-time link for generated federation types to follow; this shared type
 * is what keeps the two sides honest.
 */
export interface RemoteViewNames {
  catalog: 'Home' | 'Products';
  cart: 'Cart' | 'Checkout';
  account: 'Account' | 'Wishlist' | 'Orders';
  admin: 'Admin';
}
export type RemoteViewName<R extends RemoteName = RemoteName> = RemoteViewNames[R];

/**
 * What a remote exposes as `./routes`: its named views, which the shell mounts on its routes.
 * A view may render its own descendant `<Routes>` (relative to where the shell mounts it).
 */
export interface RemoteRoutesModule<R extends RemoteName = RemoteName> {
  views: Record<RemoteViewName<R>, ComponentType<RemoteViewProps>>;
  /** Which build this is (STORE_BUILD at build time, else the package version): shown as data-remote-build. */
  build?: string;
  /**
   * Settles once the view of the address the page was opened at can render without suspending (its
   * page chunk is there): the shell holds its first screen until then (briefly), because a loading
   * state shown first holds the page back another 300 ms (React's reveal throttle; issue 10).
   */
  ready?: PromiseLike<unknown>;
}

/** `cart/MiniCart`: a compact cart the shell may show from its Cart button. */
export interface MiniCartProps {
  /** Called when the shopper follows a link out of the preview (the shell closes its popover). */
  onNavigate?: () => void;
}

/** What a server-rendered page says about itself in its `<head>` (the remote that owns the page decides it). */
export interface PageHead {
  /** The page's own title, without the store's name ('Modern Recycled Sneakers'); none: the store's. */
  title: string | null;
  description: string;
  /** Absolute, from the store's public URL (never a request's Host header). */
  canonical: string;
  /** Absolute URL of the page's picture (Open Graph, Twitter). */
  image?: string;
  /** Open Graph type. */
  type: 'website' | 'product';
  /** schema.org objects, each written as one `<script type="application/ld+json">`. */
  jsonLd: Record<string, unknown>[];
}

/** The query cache a server render fills (a TanStack QueryClient of its own per request). */
export interface ServerQueryCache {
  fetchQuery(options: {
    queryKey: readonly unknown[];
    queryFn: () => Promise<unknown>;
    staleTime?: number;
  }): Promise<unknown>;
  prefetchQuery(options: {
    queryKey: readonly unknown[];
    queryFn: () => Promise<unknown>;
    staleTime?: number;
  }): Promise<void>;
}

/**
 * What a remote's server build exposes as `./server` (issue 30): the same views as `./routes`, and
 * `load`, which fills the request's query cache with what the page at `url` shows and says the page's
 * status and head. The shell's server then renders the views with that cache and sends it in the page.
 */
export interface RemoteServerModule<R extends RemoteName = RemoteName> {
  views: Partial<Record<RemoteViewName<R>, ComponentType<RemoteViewProps>>>;
  build?: string;
  load(request: {
    url: URL;
    queryClient: ServerQueryCache;
    publicUrl: string;
  }): Promise<{ status: 200 | 404; head: PageHead }>;
}
