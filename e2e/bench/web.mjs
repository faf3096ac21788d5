#!/usr/bin/env node
// Frontend benchmark (issue 4): the production build served as `npm start` serves it, measured in
// Debian's Chromium through the DevTools protocol. Bounded: a fixed number of runs per case.
//   node e2e/bench/web.mjs            (expects `pnpm build` to have run)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT ?? 4600);
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));

const server = spawn('node', [path.join(root, 'scripts/start.mjs'), '--no-install', '--no-build'], {
  env: { ...process.env, STORE_PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitForStore() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok && (await fetch(`${BASE}/`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('store did not start');
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

/** A fresh context per run: cold cache, like a first visit. */
async function openPage(cpuRate) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // A returning visitor has dismissed the welcome sign-in dialog already.
  await context.addInitScript(() => sessionStorage.setItem('store:welcome-dialog-shown', '1'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  return { context, page, cdp };
}

async function lcpOf(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // LCP is final once the page has been idle for a moment.
        setTimeout(() => resolve(last), 1500);
      }),
  );
}

async function measureHomeBytes() {
  const { context, page, cdp } = await openPage(1);
  const scripts = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
  });
  await page.goto(`${BASE}/`, { waitUntil: 'networkidle' });
  await context.close();
  const list = [...scripts.values()];
  return { requests: list.length, kb: list.reduce((n, s) => n + s.bytes, 0) / 1024, list };
}

async function measureLcp(url, cpuRate) {
  const values = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await openPage(cpuRate);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    values.push(await lcpOf(page));
    await context.close();
  }
  return median(values);
}

async function measureNavigation(cpuRate) {
  const values = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await openPage(cpuRate);
    await page.goto(`${BASE}/products`, { waitUntil: 'networkidle' });
    const card = page.locator('[data-boundary="mf-catalog"] a[href^="/products/"]:not([href*="category"])').first();
    const href = await card.getAttribute('href');
    await page.evaluate(() => {
      window.__navStart = 0;
      document.addEventListener('click', () => (window.__navStart = performance.now()), { capture: true, once: true });
    });
    await card.click();
    await page.waitForURL(`**${href}`);
    await page
      .getByRole('button', { name: /add to cart/i })
      .first()
      .waitFor();
    values.push(await page.evaluate(() => performance.now() - window.__navStart));
    await context.close();
  }
  return median(values);
}

try {
  await waitForStore();
  const products = await (await fetch(`${BASE}/api/products?page_size=1`)).json();
  const productUrl = `${BASE}/products/${products.data[0].id}`;
  const home = await measureHomeBytes();
  const rows = [['home page JS (compressed, KB)', home.kb.toFixed(1), '', '< 196 (peer)']];
  rows.push(['home page JS requests', String(home.requests), '', '']);
  for (const [name, url] of [
    ['LCP /', `${BASE}/`],
    ['LCP /products', `${BASE}/products`],
    ['LCP product page', productUrl],
  ]) {
    rows.push([
      `${name} (ms)`,
      (await measureLcp(url, 1)).toFixed(0),
      (await measureLcp(url, 4)).toFixed(0),
      '< 1000 / < 2500',
    ]);
  }
  rows.push([
    'navigation list → product (ms)',
    (await measureNavigation(1)).toFixed(0),
    (await measureNavigation(4)).toFixed(0),
    '< 200',
  ]);
  const widths = [34, 10, 14, 16];
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ');
  console.log(`\nFrontend benchmark (median of ${RUNS} cold runs, Chromium ${browser.version()})`);
  console.log(line(['metric', 'plain', '4x CPU throttle', 'goal']));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) console.log(line(row));
  console.log('\nHome page scripts:');
  for (const s of home.list) console.log(`  ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.url}`);
} finally {
  await browser.close();
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
