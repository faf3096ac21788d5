/**
 * The one shared map used by the host and every remote. Everything stateful (React, the router,
 * styled-components, zustand, the query cache, the toast store, the session and HTTP packages) must
 * exist once per page, so it is a singleton. Workspace packages need an explicit range.
 *
 * A shared library travels as one whole module (nothing in it is tree-shaken), so what only one
 * package uses is not shared on its own: the router is shared as @store/router (the APIs the store
 * uses, not all of react-router-dom), and axios and TanStack Query live inside @store/http, the one
 * HTTP client and query cache (which re-exports the query hooks).
 */
export const sharedSingletons = {
  react: '^19.0.0',
  'react/jsx-runtime': '^19.0.0',
  'react/jsx-dev-runtime': '^19.0.0',
  'react-dom': '^19.0.0',
  'react-dom/client': '^19.0.0',
  'styled-components': '^6.0.0',
  zustand: '^5.0.0',
  'zustand/vanilla': '^5.0.0',
  'react-hot-toast': '^2.0.0',
  '@store/router': '^0.1.0',
  '@store/session': '^0.1.0',
  '@store/http': '^0.1.0',
  '@store/shop': '^0.1.0',
  '@store/ui': '^0.1.0',
};

/** Shared but not eager-critical: loaded on first use (forms, dialogs), once per page. */
export const sharedLazy = {
  zod: '^4.0.0',
  'react-hook-form': '^7.0.0',
};

/**
 * @param {Record<string, string>} dependencies the app's package.json dependencies: only what the
 *   app depends on is shared by it.
 */
export function createShared(dependencies) {
  const has = (request) => {
    const pkg = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
    return pkg in dependencies;
  };
  const shared = {};
  for (const [request, requiredVersion] of Object.entries(sharedSingletons)) {
    if (has(request)) shared[request] = { singleton: true, requiredVersion };
  }
  for (const [request, requiredVersion] of Object.entries(sharedLazy)) {
    if (has(request)) shared[request] = { singleton: true, requiredVersion };
  }
  return shared;
}
