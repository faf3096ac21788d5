import { expect, test, type Page } from '@playwright/test';
import http from 'node:http';
import { demo, skipWelcomeDialog } from './fixtures/store';
import { BASE_PORT } from './playwright.config';

/** A site that tries to frame the store (embed.spec uses +10, release.spec +11). */
const FRAMING_PORT = BASE_PORT + 12;
const remoteOrigins = [1, 2, 3, 4].map((n) => `http://localhost:${BASE_PORT + n}`);

/** Every CSP violation of the page: the DOM event, and the console's report of it. */
async function watchCsp(page: Page) {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return async () => {
    const dom = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    return [...dom, ...console];
  };
}

test.describe('security headers', () => {
  test('the HTML carries the policy, with the runtime remotes allowed and framing refused', async ({ request }) => {
    const response = await request.get('/products/1');
    expect(response.headers()['content-type']).toContain('text/html');
    const csp = response.headers()['content-security-policy'] ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1) ?? [];
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    for (const name of ['script-src', 'connect-src', 'img-src'])
      expect(directive(name)).toEqual(expect.arrayContaining(remoteOrigins));
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    // The nonce is new on every response, and the page's scripts carry it.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(await response.text()).toContain(`<script nonce="${nonce}"`);
    const again = await request.get('/products/1');
    expect(again.headers()['content-security-policy']).not.toBe(csp);
  });

  test('remotes.json names the configured public origin, never a forged Host header', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port: BASE_PORT, path: '/remotes.json', headers: { Host: 'evil.example' } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => resolve(text));
          },
        )
        .on('error', reject);
    });
    const entries = Object.values(JSON.parse(body) as Record<string, { entry: string }>).map((r) => r.entry);
    expect(entries).toEqual(remoteOrigins.map((o) => `${o}/mf-manifest.json`));
  });

  test('the store runs under its policy with no violation: home, a product, cart, admin sign-in and dashboard', async ({
    page,
    request,
  }) => {
    await skipWelcomeDialog(page);
    const violations = await watchCsp(page);
    const product = (
      (await (await request.get('/api/products?page_size=1')).json()) as { data: { id: number; name: string }[] }
    ).data[0]!;

    await page.goto('/');
    await expect(page.getByRole('list', { name: 'New arrivals' }).getByRole('article').first()).toBeVisible();
    expect(await violations()).toEqual([]);

    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.locator('[data-boundary="mf-catalog"] img').first()).toBeVisible();
    expect(await violations()).toEqual([]);

    await page.goto('/cart');
    await expect(page.locator('[data-boundary="mf-cart"]').first()).toBeVisible();
    expect(await violations()).toEqual([]);

    await page.goto('/admin/auth/login');
    await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
    expect(await violations()).toEqual([]);
    const form = page.getByRole('form', { name: 'Admin sign in' });
    await form.getByLabel('Email').fill(demo.admin.email);
    await form.getByLabel('Password').fill(demo.admin.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // The sales chart (recharts: SVG with inline styles) is drawn under the policy too.
    await expect(
      page.getByRole('region', { name: 'Sales, last 30 days' }).locator('.recharts-bar-rectangle').first(),
    ).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('another site cannot frame the store', async ({ page, baseURL }) => {
    // Another origin on this machine (a public one may not frame localhost at all in Chromium).
    const framingSite = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<h1>Win a prize</h1><iframe title="store" src="${baseURL}/"></iframe>`);
    });
    await new Promise<void>((resolve) => framingSite.listen(FRAMING_PORT, '127.0.0.1', resolve));
    try {
      // The browser fetches the store into the frame, then refuses to show it.
      const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
      const storePage = page.waitForResponse((r) => r.url() === `${baseURL}/`);
      await page.goto(`http://localhost:${FRAMING_PORT}/`);
      await expect(page.getByRole('heading', { name: 'Win a prize' })).toBeVisible();
      expect((await storePage).status()).toBe(200);
      expect((await refused).text()).toContain("frame-ancestors 'none'");
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame?.url()).not.toBe(`${baseURL}/`);
      await expect(frame!.locator('#root')).toHaveCount(0);
    } finally {
      await new Promise((resolve) => framingSite.close(resolve));
    }
  });
});
