#!/usr/bin/env node
// pnpm dev: the API in watch mode and every app on its webpack-dev-server port.
import { ensurePnpm, log, start } from './lib/run.mjs';

ensurePnpm();
const children = [
  start('pnpm', ['--filter', 'api', 'dev']),
  ...['shell', 'mf-catalog', 'mf-cart', 'mf-account', 'mf-admin'].map((app) => start('pnpm', ['--filter', app, 'dev'])),
];
log('dev servers: shell http://localhost:3000, catalog :3001, cart :3002, account :3003, admin :3004, API :3100');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
