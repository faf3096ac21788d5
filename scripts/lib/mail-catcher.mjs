import path from 'node:path';
import { root, start } from './run.mjs';

/**
 * The development mail catcher: MailDev (from npm) on loopback only. The API sends its mail
 * (password resets) to it over SMTP; people read it in MailDev's web inbox, tests through its REST
 * API (GET /api/email). Ports: SMTP on STORE_PORT + 20, the inbox on STORE_PORT + 21.
 */
export function startMailCatcher(base) {
  const smtpPort = base + 20;
  const webPort = base + 21;
  const bin = path.join(root, 'node_modules/maildev/dist/bin/maildev.js');
  const child = start(
    process.execPath,
    [
      bin,
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--silent',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const inboxUrl = `http://127.0.0.1:${webPort}/`;
  /** Resolves once MailDev answers; the ports are known before, so the API can start meanwhile. */
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
