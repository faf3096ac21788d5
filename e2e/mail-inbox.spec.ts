import { expect, test, type Page } from '@playwright/test';
import { mailTo, registerUser } from './fixtures/store';
import { BASE_PORT, MAIL_INBOX_URL } from './playwright.config';

/**
 * The mail catcher `npm start` runs holds reset links and order e-mails (names, addresses). A page of
 * another origin open in the same browser must neither read nor delete them (issue 32.3): MailDev
 * itself allows any origin, so a loopback front answers only the inbox's own pages.
 */

/** Opens a page of another origin: nothing listens there, the test serves its HTML. */
async function openForeignPage(page: Page, origin: string) {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Another site</title><h1>Another site</h1>',
    }),
  );
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
  for (const origin of [`http://localhost:${BASE_PORT + 29}`, `http://127.0.0.1:${BASE_PORT + 29}`]) {
    await openForeignPage(page, origin);
    expect(await attemptsFrom(page)).toEqual({
      read: 'failed: TypeError',
      remove: 'failed: TypeError',
      live: 'live updates refused',
    });
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
