import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { mailTo, registerUser } from './fixtures/store';
import { BASE_PORT, MAIL_INBOX_URL } from './playwright.config';

/** Free in the store's port block (the shell and remotes are BASE_PORT…+4, the catcher +20/+21). */
const FOREIGN_PORT = BASE_PORT + 29;

/**
 * The mail catcher `npm start` runs holds reset links and order e-mails (names, addresses). A page of
 * another origin open in the same browser must neither read nor delete them (issue 32.3): MailDev
 * itself allows any origin, so a loopback front answers only the inbox's own pages.
 */

/** A plain page of another origin on this machine (a real loopback server: the browser treats it as local). */
async function startForeignSite(): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Another site</title><h1>Another site</h1>');
  });
  await new Promise<void>((resolve) => server.listen(FOREIGN_PORT, '127.0.0.1', resolve));
  return server;
}

async function openForeignPage(page: Page, origin: string) {
  await page.goto(`${origin}/`);
  await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
}

/** What such a page can do with the inbox: each attempt's outcome as the page sees it. */
function attemptsFrom(page: Page) {
  return page.evaluate(async (inbox) => {
    const outcome = async (attempt: () => Promise<string>) => {
      try {
        return await attempt();
      } catch (error) {
        return `failed: ${(error as Error).name}`;
      }
    };
    const read = await outcome(async () => {
      const res = await fetch(`${inbox}/api/email`, { credentials: 'include' });
      return `read ${res.status}: ${(await res.text()).slice(0, 40)}`;
    });
    const remove = await outcome(async () => {
      const res = await fetch(`${inbox}/api/email/all`, { method: 'DELETE', credentials: 'include' });
      return `deleted ${res.status}`;
    });
    // A request that needs no preflight: sent, its answer unreadable; the front must refuse to act on it.
    await fetch(`${inbox}/api/email/delete`, {
      method: 'POST',
      mode: 'no-cors',
      headers: { 'content-type': 'text/plain' },
      body: '{"ids":[]}',
    }).catch(() => undefined);
    const live = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`${inbox.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
      socket.onopen = () => {
        socket.close();
        resolve('live updates open');
      };
      socket.onerror = () => resolve('live updates refused');
    });
    return { read, remove, live };
  }, MAIL_INBOX_URL);
}

test('a page of another origin can neither read nor delete the caught mail', async ({ page, request }) => {
  const user = await registerUser(request);
  expect((await request.post('/api/auth/forgot-password', { data: { email: user.email } })).ok()).toBe(true);
  const mail = await mailTo(request, user.email);
  expect(mail.subject).toBe('Reset your password');

  // Another site, and another port of the inbox's own host (the same site, another origin).
  const foreign = await startForeignSite();
  try {
    for (const origin of [`http://localhost:${FOREIGN_PORT}`, `http://127.0.0.1:${FOREIGN_PORT}`]) {
      await openForeignPage(page, origin);
      expect(await attemptsFrom(page)).toEqual({
        read: 'failed: TypeError',
        remove: 'failed: TypeError',
        live: 'live updates refused',
      });
    }
  } finally {
    await new Promise((resolve) => foreign.close(resolve));
  }

  // The mail is still there for its reader.
  expect((await mailTo(request, user.email)).text).toBe(mail.text);
});

test('the inbox still shows the caught mail on its own page', async ({ page, request }) => {
  const user = await registerUser(request);
  expect((await request.post('/api/auth/forgot-password', { data: { email: user.email } })).ok()).toBe(true);
  await mailTo(request, user.email);
  await page.goto(`${MAIL_INBOX_URL}/`);
  await expect(page.getByText(user.email).first()).toBeVisible();
});
