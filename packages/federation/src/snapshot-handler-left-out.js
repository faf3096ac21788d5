// runtime-core's SnapshotHandler, left out of the host's build. The host's runtime is built without
// the snapshot plugin (experiments.optimization.disableSnapshot): the shell reads a remote's
// mf-manifest.json itself and registers the remote by its remoteEntry.js (see
// shell/src/app/remotes/remoteModules.ts). runtime-core still constructs its SnapshotHandler, which
// brings the manifest reader (and the SDK's generateSnapshotFromManifest): 2 KiB of the shell's
// entry, brotli. This stand-in keeps what the rest of runtime-core touches: `hooks` (plugins are
// applied to it), `manifestCache` (cleared when a remote is registered again), and
// getGlobalRemoteInfo (which, with no manifest read, finds no snapshot). What needs the manifest
// reader, `preloadRemote`, fails loudly.

export const LEFT_OUT_MESSAGE =
  "The store's federation runtime reads no manifests (experiments.optimization.disableSnapshot): " +
  'register a remote by its remoteEntry.js; preloadRemote is not available.';

export class SnapshotHandler {
  constructor(HostInstance) {
    this.HostInstance = HostInstance;
    this.manifestCache = new Map();
    this.hooks = { lifecycle: {}, lifecycleKeys: [], registerPlugins: {}, applyPlugin() {}, removePlugin() {} };
  }

  async loadRemoteSnapshotInfo() {
    throw new Error(LEFT_OUT_MESSAGE);
  }
}

/** No snapshot of the host is ever recorded without the manifest reader. */
export function getGlobalRemoteInfo() {
  return { hostGlobalSnapshot: undefined, globalSnapshot: undefined, remoteSnapshot: undefined };
}
