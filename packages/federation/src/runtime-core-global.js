// mf-runtime-core.js: the federation runtime for a page without the host (a remote's standalone page,
// an integrator's embed). Production remoteEntry.js files are built with externalRuntime and read
// runtime-core from this global, which the host's page sets through provideExternalRuntime.
import * as runtimeCore from '@module-federation/runtime-core';

if (!globalThis._FEDERATION_RUNTIME_CORE) globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
