#!/usr/bin/env node
// pnpm dev: the API in watch mode and every app on its webpack-dev-server port.
import { API_PORT_OFFSET, DEV_BASE_PORT, apps, devPort } from '../packages/federation/src/apps.mjs';
import { startMailCatcher } from './lib/mail-catcher.mjs';
import { ensurePnpm, log, start } from './lib/run.mjs';

ensurePnpm();
// Password-reset mail goes to the local catcher (inbox http://127.0.0.1:3021/) unless SMTP_URL is set.
const mail = process.env.SMTP_URL ? undefined : startMailCatcher(DEV_BASE_PORT);
const children = [
  start('pnpm', ['--filter', 'api', 'dev'], {
    env: { ...process.env, SMTP_URL: process.env.SMTP_URL ?? mail.smtpUrl },
  }),
  ...apps.map((app) => start('pnpm', ['--filter', app.dir, 'dev'])),
];
log(
  `dev servers: shell http://localhost:${devPort('shell')}, ${apps
    .slice(1)
    .map((app) => `${app.name} :${devPort(app.name)}`)
    .join(', ')}, API :${DEV_BASE_PORT + API_PORT_OFFSET}`,
);
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
