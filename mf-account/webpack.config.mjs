import { createAppConfig } from '@store/federation';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'account',
  title: 'mf-account',
  exposes: { './routes': './src/exposed/routes.tsx' },
});
