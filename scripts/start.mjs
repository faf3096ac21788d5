#!/usr/bin/env node
// npm start: install, build, and run the whole store (API on its embedded database with demo data,
// the shell and every remote), then print the one URL to open.
import path from 'node:path';
import { dataDirOwner } from './lib/data-lock.mjs';
import { startMailCatcher } from './lib/mail-catcher.mjs';
import { ensurePnpm, installDependencies, log, root, run, start } from './lib/run.mjs';
import { serveStore } from './lib/serve-store.mjs';

const args = new Set(process.argv.slice(2));
const base = Number(process.env.STORE_PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? base + 100);
const apiUrl = `http://127.0.0.1:${apiPort}`;
// Where people open the store: reset links and the default remote URLs are built from it.
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${base}`;
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'api/.data'));
// Released builds of remotes (`pnpm release`): written by the API, served by the shell's server under /builds/.
const releasesDir = path.resolve(process.env.RELEASES_DIR ?? path.join(dataDir, 'releases'));

// The embedded database has one writer: say so now rather than after the build.
const owner = process.env.DATABASE_URL ? undefined : dataDirOwner(dataDir);
if (owner) {
  log(
    `a store is already running on ${dataDir} (API process ${owner.pid} on ${owner.host}). ` +
      'Stop it first, or give this one its own folder: DATA_DIR=/some/other/folder npm start',
  );
  process.exit(1);
}

if (!args.has('--no-install')) {
  ensurePnpm();
  installDependencies();
}
if (!args.has('--no-build')) {
  log('building the API, the shell and the remotes (production)');
  run('pnpm', ['build']);
}

// Mail goes to a local catcher unless SMTP_URL names a real server; never in production, where
// mail not meant for a catcher (resets, orders) must not sit in a local inbox.
const production = process.env.NODE_ENV === 'production';
const mail = process.env.SMTP_URL || production ? undefined : startMailCatcher(base);
const smtpUrl = process.env.SMTP_URL ?? mail?.smtpUrl;

const api = start('node', [path.join(root, 'api/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Warnings and errors only: the one URL to open is the shell's, printed below.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PUBLIC_URL: publicUrl,
    RELEASES_DIR: releasesDir,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  },
});
api.on('exit', (code) => {
  log(`the API stopped (exit ${code})`);
  process.exit(code ?? 1);
});

async function waitForApi() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${apiUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The API did not become healthy within 120 s');
}

try {
  await Promise.all([waitForApi(), mail?.ready]);
} catch (error) {
  log(error.message);
  api.kill('SIGTERM');
  mail?.child.kill('SIGTERM');
  process.exit(1);
}
let store;
try {
  store = await serveStore({
    root,
    base,
    apiUrl,
    publicUrl,
    remotesFile: process.env.REMOTES_CONFIG,
    releasesDir,
  });
} catch (error) {
  if (error.code !== 'EADDRINUSE') throw error;
  log(
    `port ${error.port} is already in use (another store running?). Stop it, or pick other ports: STORE_PORT=4000 npm start`,
  );
  api.kill('SIGTERM');
  mail?.child.kill('SIGTERM');
  process.exit(1);
}
if (process.env.NODE_ENV === 'production') {
  log(
    'production: no demo accounts. Create the first admin with `pnpm --filter api create-admin` (stop the store first)',
  );
} else {
  log('demo shopper: shopper@example.com / Shopper123   demo admin: admin@example.com / Admin1234');
}
if (mail) log(`mail (password reset links) is caught, not sent: read it at ${mail.inboxUrl}`);
else if (!smtpUrl) log('production: no mail catcher, and no mail is sent until SMTP_URL names a mail server');
process.stdout.write(`\nThe store is running: ${store.url}\n\n`);

const shutdown = async () => {
  await store.close();
  api.kill('SIGTERM');
  mail?.child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
