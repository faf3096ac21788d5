/**
 * The one table of the store's apps: federation name, folder, and port offset from the shell's port.
 * Everything that needs a port or a remote's folder reads it from here: the webpack configs (dev-server
 * ports), `pnpm dev`, the servers of `npm start`, `pnpm start:cluster` and the resilience suite, and the
 * dev `shell/public/remotes.json` (checked against it by config.test.mjs).
 * The API cannot import this package (it imports only @store/contracts); its default CORS list in
 * api/src/config.ts names the same dev ports and api/src/config.test.ts is where that list is tested.
 */
export const DEV_BASE_PORT = 3000;
/** The API listens on the shell's port + this (3100 in development, STORE_PORT + 100 under npm start). */
export const API_PORT_OFFSET = 100;

export const apps = [
  { name: 'shell', dir: 'shell', offset: 0 },
  { name: 'catalog', dir: 'mf-catalog', offset: 1 },
  { name: 'cart', dir: 'mf-cart', offset: 2 },
  { name: 'account', dir: 'mf-account', offset: 3 },
  { name: 'admin', dir: 'mf-admin', offset: 4 },
];

/** The remotes the shell loads at runtime. */
export const remotes = apps.filter((app) => app.offset > 0);

/** The dev-server port of an app (by federation name). */
export function devPort(name, base = DEV_BASE_PORT) {
  const app = apps.find((a) => a.name === name);
  if (!app) throw new Error(`unknown app "${name}": add it to packages/federation/src/apps.mjs`);
  return base + app.offset;
}
