import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesConfig } from '@store/contracts';
import { DEFAULT_BUILD } from '@store/contracts/federation';
import { releaseReportsPlugin, sendReport } from './releaseReports';
import { RemoteLoadError } from './remoteLoadError';
import { fetchRemotesConfig, readInlinedRemotesConfig } from './remotesConfig';

/**
 * How the shell gets a remote's exposed modules: through the federation runtime (the plugin's own,
 * @module-federation/enhanced), from the URLs of the runtime remote config. A remote is registered by
 * its config entry as it is, its `mf-manifest.json` (the runtime reads the manifest, places the
 * remoteEntry.js it names and preloads an exposed module's chunks) or a remoteEntry.js.
 * (`pnpm --filter shell build:single` swaps this file for remoteModules.single.ts, which imports the
 * same modules statically: the one-bundle comparison.)
 */

let config: Partial<RemotesConfig> | null = null;
/** The remotes registered with the runtime under the current config; a failure forgets one. */
const registered = new Set<RemoteName>();

let reporting = false;

/** The build of a remote this page was given (`/remotes.json`'s `build`; `default`: the store's own). */
export function remoteBuild(remote: RemoteName): string {
  return config?.[remote]?.build ?? DEFAULT_BUILD;
}

/** A view of a remote threw while rendering (the shell's error boundary): reported against its build. */
export function reportRenderError(remote: RemoteName): void {
  sendReport({ remote, build: remoteBuild(remote), kind: 'render-error' });
}

export function registerRemotesConfig(next: Partial<RemotesConfig>): void {
  config = next;
  registered.clear();
  if (!reporting) {
    reporting = true;
    registerPlugins([releaseReportsPlugin({ buildOf: remoteBuild })]);
  }
}

/** The config the shell's server put into the page (no request), else `/remotes.json`; read once. */
export async function startRemotes(): Promise<void> {
  if (!config) registerRemotesConfig(readInlinedRemotesConfig() ?? (await fetchRemotesConfig()));
}

function register(remote: RemoteName): void {
  const entry = config?.[remote]?.entry;
  if (!entry) throw new Error(`No URL configured for ${remote}`);
  if (registered.has(remote)) return;
  // force: a remote registered before (a retry) is dropped with its manifest, its remoteEntry.js, its
  // container and what it registered in the share scope, and is loaded again.
  registerRemotes([{ name: remote, entry }], { force: true });
  registered.add(remote);
}

/**
 * Starts one exposed module of a remote before it is asked for (the first visit's page, from the
 * shell's entry): the runtime's `preloadRemote` reads the remote's manifest, then loads its
 * remoteEntry.js and preloads the module's own chunks. Only for a remote registered by its manifest.
 * A failure is left to the load that follows (loadExposed), which reports it.
 */
export function preloadExposed(remote: RemoteName, exposed: string): void {
  if (!/\.json(\?|$)/.test(config?.[remote]?.entry ?? '')) return;
  register(remote);
  preloadRemote([
    { nameOrAlias: remote, exposes: [exposed], resourceCategory: 'sync', share: false, depsRemote: false },
  ]).catch(() => {});
}

/** One exposed module of a remote (`catalog/routes`, `cart/MiniCart`); a failure is a RemoteLoadError. */
export async function loadExposed<T>(remote: RemoteName, exposed: string): Promise<T | null> {
  try {
    register(remote);
    return await loadRemote<T>(`${remote}/${exposed}`);
  } catch (error) {
    // A retry registers the remote again: its manifest and remoteEntry.js are fetched again.
    registered.delete(remote);
    throw new RemoteLoadError(remote, error);
  }
}

/** A remote whose module loaded but is unusable (a view it does not expose): retry refetches it. */
export function markRemoteFailed(remote: RemoteName): void {
  registered.delete(remote);
}
