// The federation's webpack bundler runtime, provided once per page to every remote built with
// externalRuntime (see createAppConfig): the host's entry provides it (as a runtime plugin), and so
// does mf-runtime-core.js on pages without the host (a remote's standalone page, an integrator's
// embed). A remote's remoteEntry.js then carries only its own tables and webpack's runtime.
//
// The remote's entry copies this object's fields into its own `__webpack_require__.federation` (each
// container keeps its own instance, options and share tables; the functions take them as arguments).
// Two parts of the host's copy would be wrong for a remote, so they are replaced:
// - `runtime.init` (see remote-runtime-init.js);
// - `bundlerRuntime.initContainerEntry`: left out of a build that exposes nothing (the host).
import federation from 'store-federation-bundler-runtime';
import { initContainerEntry } from 'store-federation-bundler-runtime/init-container-entry';
import { initRemote } from './remote-runtime-init.js';

if (!globalThis._FEDERATION_BUNDLER_RUNTIME) {
  globalThis._FEDERATION_BUNDLER_RUNTIME = {
    ...federation,
    instance: undefined,
    initOptions: undefined,
    bundlerRuntimeOptions: {},
    runtime: { ...federation.runtime, init: initRemote },
    bundlerRuntime: { ...federation.bundlerRuntime, initContainerEntry },
  };
}

/** As a runtime plugin of the host (runtimePlugins): importing this module is what provides it. */
export default function provideBundlerRuntime() {
  return { name: 'store-provide-bundler-runtime' };
}
