import { createAppConfig } from '@store/federation';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'host',
  name: 'shell',
  title: 'Store',
  // An integrator's one script: defines <store-products> and <store-product> (mf-catalog/README.md).
  scripts: { embed: './src/embed/embed.ts' },
  // The rendering module of the shell's server (issue 30): scripts/lib/serve-store.mjs requires it.
  serverEntry: './src/server/render.tsx',
});
