// @module-federation/inject-external-runtime-core-plugin, left out of the host's build (see
// LEAN_RUNTIME in index.mjs): it publishes the host's runtime-core as `_FEDERATION_RUNTIME_CORE`
// for remotes built with externalRuntime, but no remoteEntry.js of the store reads it (their
// bundler runtime is the host's, `_FEDERATION_BUNDLER_RUNTIME`). The generated entry drops a
// runtime plugin whose factory returns false.
export default function injectExternalRuntimeCoreLeftOut() {
  return false;
}
