#!/usr/bin/env node
// pnpm dev: the API in watch mode and every app on its webpack-dev-server port.
import { startMailCatcher } from './lib/mail-catcher.mjs';
import { ensurePnpm, log, start } from './lib/run.mjs';

ensurePnpm();
// Password-reset mail goes to the local catcher (inbox http://127.0.0.1:3021/) unless SMTP_URL is set.
const mail = process.env.SMTP_URL ? undefined : startMailCatcher(3000);
const children = [
  start('pnpm', ['--filter', 'api', 'dev'], {
    env: { ...process.env, SMTP_URL: process.env.SMTP_URL ?? mail.smtpUrl },
  }),
  ...['shell', 'mf-catalog', 'mf-cart', 'mf-account', 'mf-admin'].map((app) => start('pnpm', ['--filter', app, 'dev'])),
];
log('dev servers: shell http://localhost:3000, catalog :3001, cart :3002, account :3003, admin :3004, API :3100');
mail?.ready.then(
  () => log(`mail (password reset links) is caught: read it at ${mail.inboxUrl}`),
  (error) => log(error.message),
);
const stop = () => {
  for (const child of [...children, ...(mail ? [mail.child] : [])]) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
