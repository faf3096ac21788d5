import { createAppConfig } from '@store/federation';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'admin',
  title: 'mf-admin',
  exposes: { './routes': './src/exposed/routes.tsx' },
});
