import { createAppConfig } from '@store/federation';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'account',
  port: 3003,
  title: 'mf-account',
  exposes: { './routes': './src/exposed/routes.tsx' },
});
