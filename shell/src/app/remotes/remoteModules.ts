import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesConfig } from '@store/contracts';
import { remoteEntryUrl, takeEarlyManifest, type Manifest } from './earlyRemote';
import { RemoteLoadError } from './remoteLoadError';
import { fetchRemotesConfig, readInlinedRemotesConfig } from './remotesConfig';

/**
 * How the shell gets a remote's exposed modules: through the federation runtime, from the URLs of
 * the runtime remote config. (`pnpm --filter shell build:single` swaps this file for
 * remoteModules.single.ts, which imports the same modules statically: the one-bundle comparison.)
 *
 * The host's federation runtime reads no manifests (production builds: the store's lean runtime,
 * packages/federation/README.md; development builds: runtime-core without its snapshot plugin,
 * `experiments.optimization.disableSnapshot`): a remote whose config entry is its mf-manifest.json is
 * registered by the remoteEntry.js URL that the manifest names, read here (the start-up's early
 * request for it, earlyRemote.ts, answers the first read).
 */
type RemoteEntryType = NonNullable<Parameters<typeof registerRemotes>[0][number]['type']>;

let config: Partial<RemotesConfig> = {};
/** Each remote registered with the runtime, by its remoteEntry.js URL; a failure forgets it. */
const registered = new Map<RemoteName, Promise<void>>();

export function registerRemotesConfig(next: Partial<RemotesConfig>): void {
  config = next;
  registered.clear();
}

/** The config the shell's server put into the page (no request), else `/remotes.json`. */
export async function startRemotes(): Promise<void> {
  registerRemotesConfig(readInlinedRemotesConfig() ?? (await fetchRemotesConfig()));
}

async function manifestEntry(manifestUrl: string): Promise<{ entry: string; type?: RemoteEntryType }> {
  const response = await (takeEarlyManifest(manifestUrl) ?? fetch(manifestUrl, {}));
  if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
  const manifest = (await response.json()) as Manifest;
  const entry = remoteEntryUrl(manifestUrl, manifest);
  if (!entry) throw new Error(`${manifestUrl} names no remoteEntry.js the shell can place`);
  return { entry, type: manifest.metaData?.remoteEntry?.type as RemoteEntryType | undefined };
}

async function register(remote: RemoteName, entry: string): Promise<void> {
  const resolved: { entry: string; type?: RemoteEntryType } = /\.json(\?|$)/.test(entry)
    ? await manifestEntry(entry)
    : { entry };
  // force: a remote registered before (a retry) is dropped with its cached remoteEntry and loaded again.
  registerRemotes([{ name: remote, entry: resolved.entry, ...(resolved.type ? { type: resolved.type } : {}) }], {
    force: true,
  });
}

/** One exposed module of a remote (`catalog/routes`, `cart/MiniCart`); a failure is a RemoteLoadError. */
export async function loadExposed<T>(remote: RemoteName, exposed: string): Promise<T | null> {
  const entry = config[remote]?.entry;
  if (!entry) throw new RemoteLoadError(remote, new Error(`No URL configured for ${remote}`));
  try {
    let registering = registered.get(remote);
    if (!registering) {
      registering = register(remote, entry);
      registered.set(remote, registering);
    }
    await registering;
    return await loadRemote<T>(`${remote}/${exposed}`);
  } catch (error) {
    // A retry reads the manifest again and registers the remote again.
    registered.delete(remote);
    throw new RemoteLoadError(remote, error);
  }
}

/** A remote whose module loaded but is unusable (a view it does not expose): retry refetches it. */
export function markRemoteFailed(remote: RemoteName): void {
  registered.delete(remote);
}
