// The store's real HTTP client (@store/http: retries, Idempotency-Key, one refresh at a time) and
// session store, bundled for Node with the API's esbuild, so the suite drives the same code a browser runs.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/run.mjs';

export async function loadStoreClient(outDir) {
  const esbuild = createRequire(path.join(root, 'api', 'package.json'))('esbuild');
  const outfile = path.join(outDir, 'store-client.mjs');
  await esbuild.build({
    stdin: {
      contents: `export * from '@store/http'; export { sessionStore } from '@store/session';`,
      resolveDir: path.join(root, 'packages', 'http'),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    // CommonJS dependencies inside an ESM bundle need a require.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return import(`${outfile}?${Date.now()}`);
}
