import { createAppConfig } from '@store/federation';

export default createAppConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'cart',
  title: 'mf-cart',
  exposes: { './routes': './src/exposed/routes.tsx', './MiniCart': './src/exposed/MiniCart.tsx' },
});
