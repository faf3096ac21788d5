import { createInstance } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemoteServerModule, RemotesConfig } from '@store/contracts';
import { DEFAULT_BUILD } from '@store/contracts/federation';
import { hostShared } from './hostShared';

/**
 * The remotes' server containers, loaded at runtime with the federation runtime's Node loader: the
 * visitor's remote config (the same per-visitor `/remotes.json`, canaries included) names each
 * remote's manifest, and its server build sits beside it (`server/remoteEntry.js`). Each build is
 * loaded once, by its own federation instance (two builds of one remote are two containers with one
 * name), and kept: a release is a new build id, hence a new container, with no restart.
 */

/** `…/mf-manifest.json` (or `…/remoteEntry.js`) → `…/server/remoteEntry.js`, absolute from `base`. */
export function serverEntryOf(entry: string, base: string): string {
  const url = new URL(entry, base);
  url.pathname = url.pathname.replace(/[^/]*$/, 'server/remoteEntry.js');
  url.search = '';
  return url.href;
}

/** How long a failed container is not asked again (its pages are client-rendered meanwhile). */
export const RETRY_AFTER_MS = 10_000;
/** Builds kept per remote (a canary and its stable build, plus a few recent ones). */
const KEPT_PER_REMOTE = 4;

interface Loaded {
  key: string;
  module: Promise<RemoteServerModule>;
  failedAt?: number;
}
const containers = new Map<RemoteName, Loaded[]>();
let instances = 0;

function load(remote: RemoteName, entry: string, key: string): Promise<RemoteServerModule> {
  const instance = createInstance({
    name: `shell-server-${++instances}`,
    remotes: [{ name: remote, entry, entryGlobalName: `__store_server_${remote}_${instances}` }],
    shared: hostShared(),
    shareStrategy: 'loaded-first',
  });
  return instance.loadRemote<RemoteServerModule>(`${remote}/server`).then((module) => {
    if (!module || typeof module.load !== 'function' || !module.views)
      throw new Error(`${remote} (${key}) exposes no usable ./server module`);
    return module;
  });
}

/**
 * The `./server` module of the build of `remote` this visitor's config names. Rejects when the
 * container cannot be fetched or evaluated (the page is then rendered in the browser, as before).
 */
export function serverModule(
  remote: RemoteName,
  config: Partial<RemotesConfig>,
  base: string,
): Promise<RemoteServerModule> {
  const item = config[remote];
  if (!item?.entry) return Promise.reject(new Error(`No URL configured for ${remote}`));
  const entry = serverEntryOf(item.entry, base);
  const key = `${item.build ?? DEFAULT_BUILD}@${entry}`;
  const list = containers.get(remote) ?? [];
  let found = list.find((c) => c.key === key);
  if (found?.failedAt !== undefined && Date.now() - found.failedAt > RETRY_AFTER_MS) {
    list.splice(list.indexOf(found), 1);
    found = undefined;
  }
  if (!found) {
    const loaded: Loaded = { key, module: load(remote, entry, key) };
    loaded.module.catch(() => {
      loaded.failedAt = Date.now();
    });
    list.unshift(loaded);
    if (list.length > KEPT_PER_REMOTE) list.length = KEPT_PER_REMOTE;
    containers.set(remote, list);
    found = loaded;
  }
  return found.module;
}
