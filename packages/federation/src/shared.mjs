import fs from 'node:fs';
import path from 'node:path';

const packagesDir = path.resolve(import.meta.dirname, '..', '..');

/**
 * The workspace's own packages (packages/*), each saying in its package.json whether it is shared:
 * `"federation": { "shared": "singleton" }`, or `{ "shared": false, "why": "…" }`. A package that says
 * neither fails here, so a new package cannot silently stop being a singleton (or silently become one).
 */
export function workspacePackages(dir = packagesDir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'package.json')))
    .map((entry) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, entry.name, 'package.json'), 'utf8'));
      const shared = pkg.federation?.shared;
      if (shared !== 'singleton' && !(shared === false && pkg.federation?.why))
        throw new Error(
          `${pkg.name} (packages/${entry.name}/package.json) must say how federation shares it: ` +
            '"federation": { "shared": "singleton" } or { "shared": false, "why": "…" }',
        );
      return { name: pkg.name, version: pkg.version, singleton: shared === 'singleton' };
    });
}

/** `^major.minor.0` of a workspace package's version: the range its consumers require. */
const rangeOf = (version) => `^${version.split('.').slice(0, 2).join('.')}.0`;

/**
 * The one shared map used by the host and every remote. Everything stateful (React, the router,
 * styled-components, zustand, the query cache, the toast store, the session and HTTP packages) must
 * exist once per page, so it is a singleton. Workspace packages need an explicit range.
 *
 * A shared library travels as one whole module (nothing in it is tree-shaken), so what only one
 * package uses is not shared on its own: the router is shared as @store/router (the APIs the store
 * uses, not all of react-router-dom), and axios and TanStack Query live inside @store/http, the one
 * HTTP client and query cache (which re-exports the query hooks). The workspace's own packages are
 * listed from packages/* (see workspacePackages), not by hand.
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
  // The workspace packages marked "singleton" (@store/router, session, http, shop, ui).
  ...Object.fromEntries(
    workspacePackages()
      .filter((p) => p.singleton)
      .map((p) => [p.name, rangeOf(p.version)]),
  ),
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

/**
 * Singletons the host shares but does not load at start: the toast library comes with the first
 * toast or the first input (@store/ui's facade).
 */
export const loadedOnDemand = ['react-hot-toast'];

/** The folder of package `name` as seen from `fromDir` (node's lookup, pnpm's real paths). */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return path.dirname(fs.realpathSync(candidate));
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The folders whose modules the host loads on every page as shared singletons: each eager singleton
 * (React, the router, styled-components, zustand and the @store singletons) with the npm packages it
 * depends on, transitively. Not followed: what is shared on its own and loaded later (zod,
 * react-hook-form, react-hot-toast) and the non-shared @store packages (@store/contracts is bundled
 * into each chunk that uses a part of it; its zod schemas must stay with the forms).
 * @param {string} appDir the host's folder (where the lookup starts)
 */
export function frameFolders(appDir) {
  const workspace = new Map(workspacePackages().map((p) => [p.name, p]));
  const skip = new Set([...Object.keys(sharedLazy), ...loadedOnDemand]);
  const folders = new Set();
  const visit = (name, fromDir) => {
    if (skip.has(name) || (workspace.has(name) && !workspace.get(name).singleton)) return;
    const dir = packageDir(name, fromDir);
    if (!dir || folders.has(dir)) return;
    folders.add(dir);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })) visit(dep, dir);
  };
  const roots = new Set(
    Object.keys(sharedSingletons).map((r) =>
      (r.startsWith('@') ? r.split('/').slice(0, 2) : r.split('/').slice(0, 1)).join('/'),
    ),
  );
  for (const name of roots) visit(name, appDir);
  return [...folders];
}
