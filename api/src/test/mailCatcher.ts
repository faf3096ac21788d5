import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** One message as MailDev's REST API (GET /api/email) lists it. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
}

export interface MailCatcher {
  /** What the API's mailer is given (SMTP_URL). */
  smtpUrl: string;
  /** Every message received so far. */
  messages(): Promise<CaughtMail[]>;
  /** Waits until a message to `address` arrives (mail leaves the API in the background). */
  waitFor(address: string, timeoutMs?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The catcher `npm start` runs (scripts/lib/mail-catcher.mjs: a real MailDev behind the loopback
 * front that refuses other origins), on free loopback ports, for tests that read the mail the API
 * sends over SMTP.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const [smtp, web] = [await freePort(), await freePort()];
  const script = path.resolve(__dirname, '../../../scripts/lib/mail-catcher.mjs');
  const child: ChildProcess = spawn(process.execPath, [script, '--smtp', String(smtp), '--web', String(web)], {
    stdio: 'ignore',
  });
  const api = `http://127.0.0.1:${web}/api`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${api}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`MailDev exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error('MailDev did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const messages = async () => (await (await fetch(`${api}/email`)).json()) as CaughtMail[];
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    messages,
    async waitFor(address, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = (await messages()).find((m) => m.to.some((t) => t.address === address));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
