#!/usr/bin/env node
// The cart's round trips (issue 14): the requests to /api one rapid triple add sends, counted in
// Debian's Chromium against the production build served as `npm start` serves it.
//   node e2e/bench/cart-trips.mjs    (expects `pnpm build`)
// Env: TRIPS_PORT (default 4700), TRIPS_RUNS (default 3). Two cases per run, on a fresh shopper:
//   - three quick clicks on + of a cart line (1 → 4);
//   - a product page's Add to cart with the quantity set to 3.
// Counts every /api request the page sends from the first click until the server holds the new
// quantity and the page's network has been idle for 1 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startStore } from './store.mjs';

const PORT = Number(process.env.TRIPS_PORT ?? 4700);
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.TRIPS_RUNS ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-trips-'));

const { stop } = await startStore(PORT, dataDir);

async function api(pathname, { method = 'GET', body, access } = {}) {
  const response = await fetch(`${BASE}/api/${pathname}`, {
    method,
    headers: {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(access ? { Authorization: `Bearer ${access}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

let shoppers = 0;
async function newShopper() {
  const id = `${Date.now().toString(36)}${process.pid}${shoppers++}`;
  const user = {
    first_name: 'Trip',
    last_name: 'Counter',
    username: `trips_${id}`,
    email: `trips_${id}@example.com`,
    password: 'Secret123',
  };
  await api('auth/register', { method: 'POST', body: user });
  return api('auth/login', { method: 'POST', body: { email: user.email, password: user.password } });
}

/** A published product with a variant of at least 20 in stock, and that variant. */
async function roomyProduct() {
  const list = await api('products?in_stock=true&page_size=48');
  for (const card of list.data) {
    const product = await api(`products/${card.id}`);
    // One option set only, so the product page's first choice is this variant.
    const variant = product.variants.length === 1 ? product.variants.find((v) => v.stock >= 20) : undefined;
    if (variant) return { product, variant };
  }
  throw new Error('no product with 20 in stock');
}

const serverQuantity = async (access) =>
  (await api('users/me', { access })).cart.cart_items.reduce((n, i) => n + i.quantity, 0);

async function waitUntil(check, what) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Opens `url` signed in, runs `act` and returns the /api requests sent from then until all is quiet. */
async function count(browser, tokens, url, ready, act, expected) {
  const context = await browser.newContext();
  await context.addInitScript(
    (auth) => {
      localStorage.setItem('auth', auth);
      sessionStorage.setItem('store:welcome-dialog-shown', '1');
    },
    JSON.stringify({ tokens: { access: tokens.access, refresh: tokens.refresh }, role: 'REGULAR' }),
  );
  const page = await context.newPage();
  await page.goto(`${BASE}${url}`);
  await ready(page);
  // Whatever the page's first load still reads (profile, wishlist) has landed before the count starts.
  await page.waitForLoadState('networkidle');
  const sent = [];
  let last = Date.now();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) {
      sent.push(`${r.method()} ${u.pathname.replace(/\/\d+\/\d+$/, '/{p}/{v}')}`);
      last = Date.now();
    }
  });
  page.on('requestfinished', () => (last = Date.now()));
  await act(page);
  await waitUntil(async () => (await serverQuantity(tokens.access)) === expected, `the server to hold ${expected}`);
  await waitUntil(() => Date.now() - last > 1000, 'the page to be quiet');
  await context.close();
  return sent;
}

const summarise = (sent) => {
  const byKind = {};
  for (const s of sent) byKind[s] = (byKind[s] ?? 0) + 1;
  return { total: sent.length, ...byKind };
};

try {
  const { product, variant } = await roomyProduct();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'],
  });
  const results = { plus: [], add: [] };
  for (let run = 0; run < RUNS; run++) {
    const a = await newShopper();
    await api('products/add-to-cart', {
      method: 'POST',
      body: { product_id: product.id, variant_id: variant.id },
      access: a.access,
    });
    results.plus.push(
      await count(
        browser,
        a,
        '/cart',
        (page) => page.getByLabel('Quantity', { exact: true }).first().waitFor(),
        async (page) => {
          const plus = page.getByRole('button', { name: 'Increase quantity' }).first();
          for (let i = 0; i < 3; i++) await plus.click();
        },
        4,
      ),
    );
    const b = await newShopper();
    results.add.push(
      await count(
        browser,
        b,
        `/products/${product.id}`,
        (page) => page.getByRole('button', { name: /^add to cart$/i }).waitFor(),
        async (page) => {
          const plus = page.getByRole('button', { name: 'Increase quantity' }).first();
          await plus.click();
          await plus.click();
          await page.getByRole('button', { name: /^add to cart$/i }).click();
        },
        3,
      ),
    );
  }
  await browser.close();
  for (const [name, runs] of Object.entries(results)) {
    console.log(
      name === 'plus' ? 'three quick + clicks on a cart line:' : 'Add to cart with quantity 3 (product page):',
    );
    for (const sent of runs) console.log('  ', JSON.stringify(summarise(sent)));
  }
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
