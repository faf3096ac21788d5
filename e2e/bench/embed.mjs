#!/usr/bin/env node
// The integrator's first grid (issue 29): what a page on another origin downloads to show
// `<store-products limit="8">` with the store's one script, and how long until the products are there.
// Debian's Chromium, a cold browser context per run (no cache), product images blocked (their bytes are
// the photos', not the embed's), against the production build served as `npm start` serves it.
// Bounded: BENCH_RUNS cold visits (default 7), each at most 30 s.
//
// Env: BENCH_PORT (default 4600: the store; the integrator's page on BENCH_PORT + 10), BENCH_RUNS,
//      BENCH_JSON (write the figures there as JSON).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BLOCKED_IMAGES, launchBrowser, median } from './measure.mjs';
import { startStore } from './store.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4600);
const SITE_PORT = PORT + 10;
const RUNS = Math.min(Number(process.env.BENCH_RUNS ?? 7), 30);
const STORE = `http://localhost:${PORT}`;
const SITE = `http://localhost:${SITE_PORT}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-embed-'));
const store = await startStore(PORT, dataDir);
let key = '';
const site = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>
<script type="module" src="${STORE}/embed.js"></script></head>
<body><h1>A blog</h1><store-products key="${key}" limit="8"></store-products></body></html>`);
});
const browser = await launchBrowser();
try {
  const login = await fetch(`${STORE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Admin1234' }),
  });
  const { access } = await login.json();
  const created = await fetch(`${STORE}/api/admin/integrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({ name: 'bench', allowed_origins: [SITE] }),
  });
  key = (await created.json()).key;
  await new Promise((resolve) => site.listen(SITE_PORT, '127.0.0.1', resolve));

  const runs = [];
  const loads = [os.loadavg()[0]];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const pattern of BLOCKED_IMAGES) await page.route(pattern, (route) => route.abort());
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const sizes = await request.sizes().catch(() => null);
      if (sizes) scripts.push({ url: request.url(), bytes: sizes.responseBodySize });
    });
    await page.goto(SITE, { waitUntil: 'commit', timeout: 30_000 });
    // Time to products: from the navigation's start until the grid's 8 cards are in its shadow root.
    const handle = await page.waitForFunction(
      () =>
        (document.querySelector('store-products')?.shadowRoot?.querySelectorAll('article').length ?? 0) >= 8 &&
        performance.now(),
      null,
      { polling: 'raf', timeout: 30_000 },
    );
    const ms = await handle.jsonValue();
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
    runs.push({ ms, scripts: [...scripts] });
    await context.close();
    loads.push(os.loadavg()[0]);
  }

  const last = runs.at(-1);
  const perFile = last.scripts
    .map((s) => ({
      file: s.url.replace(/^https?:\/\/[^/]+/, (o) => (o === STORE ? 'store' : 'catalog')),
      bytes: s.bytes,
    }))
    .sort((a, b) => b.bytes - a.bytes);
  const jsBytes = median(runs.map((r) => r.scripts.reduce((n, s) => n + s.bytes, 0)));
  const figures = {
    runs: RUNS,
    js_compressed_bytes: jsBytes,
    js_files: median(runs.map((r) => r.scripts.length)),
    time_to_products_ms: {
      median: median(runs.map((r) => r.ms)),
      min: Math.min(...runs.map((r) => r.ms)),
      max: Math.max(...runs.map((r) => r.ms)),
    },
    load_avg_1m: { start: loads[0], end: loads.at(-1) },
    files: perFile,
  };
  console.log(`embed: first grid of 8 on ${SITE} (store ${STORE}), ${RUNS} cold runs, images blocked`);
  console.log(`  compressed JS: ${(jsBytes / 1024).toFixed(1)} KiB in ${figures.js_files} files (median)`);
  console.log(
    `  time to products: median ${figures.time_to_products_ms.median.toFixed(0)} ms (min ${figures.time_to_products_ms.min.toFixed(0)}, max ${figures.time_to_products_ms.max.toFixed(0)})`,
  );
  console.log(`  load average: ${loads[0].toFixed(1)} -> ${loads.at(-1).toFixed(1)}`);
  for (const f of perFile) console.log(`    ${(f.bytes / 1024).toFixed(1).padStart(6)} KiB  ${f.file}`);
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  site.close();
  store.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
