import { createAppConfig } from '@store/federation';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'catalog',
  title: 'mf-catalog',
  exposes: { './routes': './src/exposed/routes.tsx', './embed': './src/exposed/embed.tsx' },
  // The server build the shell's server renders the catalog's pages with (issue 30).
  serverExposes: { './server': './src/exposed/server.tsx' },
});
