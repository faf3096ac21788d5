import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bearer, createOwnProduct, signInAsAdmin } from './fixtures/admin';
import {
  apiLogin,
  demo,
  londonAddress,
  registerUser,
  screenshot,
  skipWelcomeDialog,
  type Tokens,
} from './fixtures/store';
import { BASE_URL } from './playwright.config';

// An integrator's own site on another origin: its page (the store's URL, a key and a product filled
// in per request), and React 18 from the e2e package, served locally.
const site = path.join(import.meta.dirname, 'fixtures', 'integrator-site');
const umd = (pkg: string, file: string) =>
  fs.readFileSync(path.join(import.meta.dirname, 'node_modules', pkg, 'umd', file));
const files: Record<string, Buffer> = {
  '/react.js': umd('react', 'react.production.min.js'),
  '/react-dom.js': umd('react-dom', 'react-dom.production.min.js'),
};
// Each worker serves the site on a port of its own (the tests run in parallel).
let SITE = '';
/** The same server under another name: another origin, which the keys do not allow. */
let OTHER_SITE = '';
let server: http.Server;

test.beforeAll(async () => {
  const page = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const script = files[url.pathname];
    if (script) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(script);
    }
    const html = page
      .replaceAll('{{STORE}}', BASE_URL)
      .replaceAll('{{KEY}}', url.searchParams.get('key') ?? '')
      .replaceAll('{{PRODUCT}}', url.searchParams.get('product') ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  SITE = `http://localhost:${port}`;
  OTHER_SITE = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function adminTokens(request: APIRequestContext) {
  return apiLogin(request, demo.admin.email, demo.admin.password);
}

async function createKey(request: APIRequestContext, admin: Tokens, name: string) {
  const res = await request.post('/api/admin/integrations', {
    headers: bearer(admin),
    data: { name, allowed_origins: [SITE] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; key: string };
}

const cardsOf = (page: Page, element: string) => page.locator(element).getByRole('article');
const addButton = (page: Page, element: string) =>
  page.locator(element).getByRole('button', { name: /^Add .* to cart$/ });

test('two elements on another origin: the remote loads once, CSS variables restyle, events reach the page, its React keeps working', async ({
  page,
  request,
}) => {
  const admin = await adminTokens(request);
  const { key } = await createKey(request, admin, 'Trail Notes');
  const product = await createOwnProduct(request, admin, {
    name: 'Trail Lamp',
    skuPrefix: 'EMB',
    price: '24.00',
    stock: 5,
  });
  const loads: string[] = [];
  page.on('request', (r) => {
    if (/\/(remoteEntry\.js|mf-manifest\.json|mf-runtime-core\.js)$/.test(r.url()))
      loads.push(new URL(r.url()).pathname);
  });
  await page.goto(`${SITE}/?key=${key}&product=${product.id}`);

  await expect(cardsOf(page, '#picks')).toHaveCount(4);
  await expect(cardsOf(page, '#one')).toHaveCount(1);
  await expect(cardsOf(page, '#one')).toContainText(product.name);
  // One runtime, one manifest, one remote entry for both elements.
  expect(loads.sort()).toEqual(['/mf-manifest.json', '/mf-runtime-core.js', '/remoteEntry.js']);

  // The page's CSS variables restyle the element they are set on; the page's own CSS does not leak in.
  const buttonStyle = (element: string) =>
    addButton(page, element)
      .first()
      .evaluate((b) => ({ background: getComputedStyle(b).backgroundColor }));
  expect(await buttonStyle('#picks')).toEqual({ background: 'rgb(10, 90, 60)' });
  expect(await buttonStyle('#one')).toEqual({ background: 'rgb(17, 24, 39)' });
  const nameColor = await page
    .locator('#one')
    .getByRole('heading', { level: 3 })
    .evaluate((h) => getComputedStyle(h).color);
  expect(nameColor).not.toBe('rgb(0, 128, 0)');
  // ...and the store's styles do not leak out.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Georgia/);

  // The page's own React 18 keeps working.
  await page.getByRole('button', { name: /^Page React 18\.3\.1: 0$/ }).click();
  await expect(page.getByRole('button', { name: /^Page React 18\.3\.1: 1$/ })).toBeVisible();

  // Events: a view per product shown, bubbling and composed, with product, price and currency.
  const events = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            storeEvents: {
              type: string;
              detail: { product: { id: number }; price: string; currency: string };
              composed: boolean;
            }[];
          }
        ).storeEvents,
    );
  await expect.poll(async () => (await events()).filter((e) => e.type === 'store:view-item').length).toBe(5);
  const view = (await events()).find((e) => e.type === 'store:view-item' && e.detail.product.id === product.id)!;
  expect(view).toMatchObject({ composed: true, detail: { price: '24.00', currency: 'USD', key } });

  // preventDefault() on add-to-cart: the page keeps the item itself, the store does nothing.
  await page.getByLabel('The page keeps its own cart').check();
  await addButton(page, '#one').click();
  await expect(page.locator('#log')).toHaveText(`Kept ${product.name}`);
  await expect(page).toHaveURL(`${SITE}/?key=${key}&product=${product.id}`);

  // An attribute change re-renders; an element added later works; a removed one cleans up.
  await page.locator('#picks').evaluate((el) => el.setAttribute('limit', '2'));
  await expect(cardsOf(page, '#picks')).toHaveCount(2);
  await page.evaluate((k) => {
    const late = document.createElement('store-products');
    late.id = 'late';
    late.setAttribute('key', k);
    late.setAttribute('limit', '3');
    document.body.appendChild(late);
  }, key);
  await expect(cardsOf(page, '#late')).toHaveCount(3);
  await page.locator('#late').evaluate((el) => el.remove());
  await expect(page.locator('#late')).toHaveCount(0);
  expect(loads).toHaveLength(3);
  // The pictures come from the store, not from the integrator's origin.
  const pictures = cardsOf(page, '#picks').getByRole('img');
  await expect(pictures).toHaveCount(2);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toHaveJSProperty('complete', true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await screenshot(page, 'embed-elements');
});

test('a disallowed origin and an unknown key get a message in the element and a console error saying what to do', async ({
  page,
  request,
}) => {
  const { key } = await createKey(request, await adminTokens(request), 'Trail Notes');
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${OTHER_SITE}/?key=${key}`);
  await expect(page.locator('#picks')).toContainText(
    `This site (${OTHER_SITE}) is not allowed to show these products.`,
  );
  await expect.poll(() => errors.join('\n')).toContain(`The key ${key} does not allow pages on ${OTHER_SITE}`);

  await page.goto(`${SITE}/?key=pk_unknownkey00000000000`);
  await expect(page.locator('#picks')).toContainText('These products cannot be shown: unknown key.');
  await expect.poll(() => errors.join('\n')).toContain('The key pk_unknownkey00000000000 is not known to this store');
});

test('a revoked key stops working within a minute, without a restart', async ({ page, request }) => {
  const admin = await adminTokens(request);
  const { id, key } = await createKey(request, admin, 'Soon revoked');
  await page.goto(`${SITE}/?key=${key}`);
  await expect(cardsOf(page, '#picks')).toHaveCount(4);
  const revoked = await request.post(`/api/admin/integrations/${id}/revoke`, { headers: bearer(admin) });
  expect(revoked.ok()).toBeTruthy();
  // Each API process keeps a key for EMBED_KEY_CACHE_SECONDS (2 s in this suite, at most 60).
  const started = Date.now();
  await expect(async () => {
    await page.reload();
    await expect(page.locator('#picks')).toContainText('the key is no longer active', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  expect(Date.now() - started).toBeLessThan(60_000);
});

test('a hand-off ends in an order attributed to the key', async ({ page, request }) => {
  const admin = await adminTokens(request);
  const { id, key } = await createKey(request, admin, 'Hand-off');
  const product = await createOwnProduct(request, admin, {
    name: 'Trail Flask',
    skuPrefix: 'EMB',
    price: '18.50',
    stock: 5,
  });
  const shopper = await registerUser(request);
  const reported: { type: string; detail: { variant: { id: number } | null; price: string } }[] = [];
  await page.exposeFunction('reportStoreEvent', (e: (typeof reported)[number]) => reported.push(e));
  await skipWelcomeDialog(page);
  await page.goto(`${SITE}/?key=${key}&product=${product.id}`);
  await addButton(page, '#one').click();

  // The store's hand-off page asks the visitor to sign in, then puts the item in the cart.
  await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/handoff/`));
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email', { exact: true }).fill(shopper.email);
  await dialog.getByLabel('Password', { exact: true }).fill(shopper.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/cart`);
  await expect(page.getByText(product.name)).toBeVisible();
  expect(reported.filter((e) => e.type !== 'store:view-item').map((e) => e.type)).toEqual([
    'store:add-to-cart',
    'store:buy',
  ]);
  expect(reported.find((e) => e.type === 'store:buy')!.detail).toMatchObject({
    variant: { id: product.variantId },
    price: '18.50',
  });

  // Checkout from that cart (the API, as the cart page would): the order records the key.
  const tokens = await apiLogin(request, shopper.email, shopper.password);
  const order = await request.post('/api/users/me/orders', {
    headers: bearer(tokens),
    data: { address: londonAddress, delivery_method: 'STANDARD', payment_method: 'PAY_LATER' },
  });
  expect(order.status(), await order.text()).toBe(201);
  const total = ((await order.json()) as { total: string }).total;
  const keys = (await (await request.get('/api/admin/integrations', { headers: bearer(admin) })).json()) as {
    data: { id: number; stats: { views: number; add_to_carts: number; orders: number; revenue: string } }[];
  };
  // Views: the page's grid and its single product, one read each.
  expect(keys.data.find((k) => k.id === id)!.stats).toEqual({ views: 2, add_to_carts: 1, orders: 1, revenue: total });
});

test('the admin creates a key on Admin → Integrations, sees it once, and its page shows products', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request);
  await page.goto('/admin/integrations');
  await page.getByRole('button', { name: 'New key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New integrator key' });
  const name = `Screen ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Allowed origins').fill(SITE);
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByText(/Copy it now, it is shown only once/);
  await expect(shown).toBeVisible();
  const key = /pk_[\w-]+/.exec((await shown.textContent()) ?? '')![0];
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(SITE);

  const site = await page.context().newPage();
  await site.goto(`${SITE}/?key=${key}`);
  await expect(cardsOf(site, '#picks')).toHaveCount(4);
});
