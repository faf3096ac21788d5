// Provides the federation runtime on pages that have no host (see createAppConfig).
import * as runtimeCore from '@module-federation/runtime-core';
// And the bundler runtime that production remoteEntry.js files leave out.
import './bundler-runtime-global.js';

if (!globalThis._FEDERATION_RUNTIME_CORE) globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
