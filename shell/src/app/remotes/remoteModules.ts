import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesConfig } from '@store/contracts';
import { takeEarlyManifest } from './earlyRemote';
import { RemoteLoadError } from './remoteLoadError';
import { fetchRemotesConfig, readInlinedRemotesConfig } from './remotesConfig';

/**
 * How the shell gets a remote's exposed modules: through the federation runtime, from the URLs of
 * the runtime remote config. (`pnpm --filter shell build:single` swaps this file for
 * remoteModules.single.ts, which imports the same modules statically: the one-bundle comparison.)
 */
let config: Partial<RemotesConfig> = {};
const failed = new Set<RemoteName>();

export function registerRemotesConfig(next: Partial<RemotesConfig>): void {
  config = next;
  registerRemotes(
    Object.entries(next).map(([name, { entry }]) => ({ name, entry })),
    { force: true },
  );
}

/** The config the shell's server put into the page (no request), else `/remotes.json`. */
export async function startRemotes(): Promise<void> {
  // The manifest the shell's entry asked for early (earlyRemote.ts) answers the runtime's first fetch of it.
  registerPlugins([{ name: 'store-early-manifest', fetch: (url: string) => takeEarlyManifest(url) }]);
  registerRemotesConfig(readInlinedRemotesConfig() ?? (await fetchRemotesConfig()));
}

/** One exposed module of a remote (`catalog/routes`, `cart/MiniCart`); a failure is a RemoteLoadError. */
export async function loadExposed<T>(remote: RemoteName, exposed: string): Promise<T | null> {
  const entry = config[remote]?.entry;
  if (!entry) throw new RemoteLoadError(remote, new Error(`No URL configured for ${remote}`));
  try {
    if (failed.has(remote)) {
      // A failed remoteEntry stays cached by the runtime: register it again so a retry refetches.
      registerRemotes([{ name: remote, entry }], { force: true });
      failed.delete(remote);
    }
    return await loadRemote<T>(`${remote}/${exposed}`);
  } catch (error) {
    failed.add(remote);
    throw new RemoteLoadError(remote, error);
  }
}

/** A remote whose module loaded but is unusable (a view it does not expose): retry refetches it. */
export function markRemoteFailed(remote: RemoteName): void {
  failed.add(remote);
}
