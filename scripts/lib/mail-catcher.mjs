import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from './run.mjs';

/**
 * The development mail catcher: MailDev (from npm) behind a loopback front (inbox-front.mjs) that
 * answers only the inbox's own pages, so no other web page can read or delete the caught mail. The
 * API sends its mail (password resets, order confirmations) to it over SMTP; people read it in the
 * web inbox, tests through MailDev's REST API (GET /api/email) without an Origin header. Ports: SMTP
 * on STORE_PORT + 20, the inbox on STORE_PORT + 21. Never with NODE_ENV=production: a production
 * store sends through SMTP_URL.
 */
export const PRODUCTION_REFUSAL =
  'The mail catcher never runs with NODE_ENV=production: set SMTP_URL to a real mail server.';

const here = fileURLToPath(import.meta.url);

export function startMailCatcher(base) {
  if (process.env.NODE_ENV === 'production') throw new Error(PRODUCTION_REFUSAL);
  const smtpPort = base + 20;
  const webPort = base + 21;
  const child = start(process.execPath, [here, '--smtp', String(smtpPort), '--web', String(webPort)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const inboxUrl = `http://127.0.0.1:${webPort}/`;
  /** Resolves once the inbox answers; the ports are known before, so the API can start meanwhile. */
  const ready = async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new Error(`the mail catcher stopped (exit ${child.exitCode}); are ports ${smtpPort}/${webPort} free?`);
      }
      try {
        if ((await fetch(`${inboxUrl}api/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    child.kill('SIGTERM');
    throw new Error('the mail catcher (MailDev) did not start within 60 s');
  };
  return { child, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, inboxUrl, ready: ready() };
}

/**
 * `node scripts/lib/mail-catcher.mjs --smtp PORT --web PORT`: MailDev (SMTP on 127.0.0.1:PORT, its
 * web server on an ephemeral loopback port) and the front on 127.0.0.1:PORT, in this one process
 * (`npm start`, `pnpm dev` and the API tests run it). SIGTERM stops both.
 */
async function main(argv) {
  if (process.env.NODE_ENV === 'production') {
    process.stderr.write(`${PRODUCTION_REFUSAL}\n`);
    process.exit(1);
  }
  const arg = (name) => {
    const value = Number(argv[argv.indexOf(name) + 1]);
    if (!argv.includes(name) || !Number.isInteger(value)) throw new Error(`${name} PORT is required`);
    return value;
  };
  const [{ MailDev }, { startInboxFront }] = await Promise.all([import('maildev'), import('./inbox-front.mjs')]);
  const maildev = new MailDev({ smtp: arg('--smtp'), ip: '127.0.0.1', web: 0, webIp: '127.0.0.1', silent: true });
  const servers = await maildev.start();
  const front = await startInboxFront({ port: arg('--web'), targetPort: servers.api.getPort() });
  const stop = async () => {
    front.close();
    await maildev.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`mail catcher: ${error.message}\n`);
    process.exit(1);
  });
}
