// The page's Content-Security-Policy forbids eval. zod (shared, loaded with the forms) would probe
// `new Function` when it builds its first object schema: the throw is caught, but the browser still
// reports a violation. Its documented `jitless` setting skips the probe; zod reads this global when it
// loads, so setting it here costs the first paint nothing (importing zod to call z.config would not).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

import { startRouteRemote } from './app/remotes/earlyRemote';

// The page's remote starts loading now, in parallel with the shared modules below (issue 10).
startRouteRemote();
// Async boundary: shared modules (React, the session store…) are negotiated before the app runs.
import('./bootstrap');
