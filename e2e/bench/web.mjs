#!/usr/bin/env node
// Frontend benchmark (issue 10): what a first visit costs, measured in Debian's Chromium through the
// DevTools protocol against the production build served as `npm start` serves it. Bounded: a fixed
// number of cold runs per case, interleaved (page by page, federated and single-bundle in turn).
//   node e2e/bench/web.mjs     (expects `pnpm build`; the single-bundle build: `pnpm --filter shell build:single`)
// Env: BENCH_PORT (default 4600; the single-bundle shell uses BENCH_PORT + 10), BENCH_RUNS (default 9),
//      BENCH_JSON (write the figures there as JSON). Exit code 1 when a budget is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiProxy, createStaticServer } from '../../scripts/lib/static-server.mjs';
import { launchBrowser, median, visit } from './measure.mjs';
import { startStore } from './store.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT ?? 4600);
const SINGLE_PORT = PORT + 10;
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
const singleDir = path.join(root, 'shell', 'dist-single');

/**
 * The peer (the React + Module Federation port of the Tractor Store), measured once on this kind of
 * machine; it cannot be rebuilt here, so its figures are fixed numbers.
 */
const PEER = { jsKiB: 196, lcpPlain: 520, lcp4x: 1450 };
const BUDGET = {
  jsKiB: 0.85 * PEER.jsKiB,
  lcpPlain: Math.min(0.8 * PEER.lcpPlain, 1000),
  lcp4x: Math.min(0.8 * PEER.lcp4x, 2500),
  cls: 0.05,
  tbt4x: 200,
  navigation: 150,
  singleRatio: 1.1,
};

const { stop } = await startStore(PORT, dataDir);

// The same screens built as one bundle (remotes imported statically into the shell), same API.
let singleServer = null;
if (fs.existsSync(path.join(singleDir, 'index.html'))) {
  const proxy = createApiProxy(`http://127.0.0.1:${PORT + 100}`);
  singleServer = createStaticServer({ dir: singleDir, spa: true, before: (req, res) => proxy(req, res) });
  await new Promise((resolve) => singleServer.listen(SINGLE_PORT, '127.0.0.1', resolve));
}

const browser = await launchBrowser();

async function measureNavigation(cpuRate) {
  const values = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // A navigation, not a first visit: the welcome dialog was dismissed on the first page.
    await context.addInitScript(() => sessionStorage.setItem('store:welcome-dialog-shown', '1'));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
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

const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '—');

try {
  const products = await (await fetch(`${BASE}/api/products?page_size=1`)).json();
  const product = products.data[0];
  const category = encodeURIComponent(product.category);
  const catalogReady = '[data-boundary="mf-catalog"] h1, [data-boundary="mf-catalog"] h2';
  const pages = [
    { name: '/', path: '/', ready: catalogReady },
    { name: '/products/category/{c}', path: `/products/category/${category}`, ready: catalogReady },
    { name: '/products/{id}', path: `/products/${product.id}`, ready: catalogReady },
    { name: '/cart (signed in)', path: '/cart', ready: 'main [data-boundary="mf-cart"]', signedIn: true },
    { name: '/account (signed in)', path: '/account', ready: 'main [data-boundary="mf-account"]', signedIn: true },
  ];
  const variants = [{ name: 'federated', base: BASE }];
  if (singleServer) variants.push({ name: 'single', base: `http://localhost:${SINGLE_PORT}` });

  // samples[variant][page][cpu] = visits
  const samples = {};
  for (const v of variants) samples[v.name] = Object.fromEntries(pages.map((p) => [p.name, { 1: [], 4: [] }]));
  for (let i = 0; i < RUNS; i++) {
    for (const p of pages) {
      for (const cpu of [1, 4]) {
        for (const v of variants) samples[v.name][p.name][cpu].push(await visit(browser, v.base, p, cpu, BASE));
      }
    }
  }
  const summary = (variant, page) => {
    const s = samples[variant][page];
    return {
      jsKiB: median(s[1].map((r) => r.jsKiB)),
      jsFiles: median(s[1].map((r) => r.jsFiles)),
      lcpPlain: median(s[1].map((r) => r.lcp)),
      lcp4x: median(s[4].map((r) => r.lcp)),
      cls: Math.max(...s[1].map((r) => r.cls), ...s[4].map((r) => r.cls)),
      tbt4x: median(s[4].map((r) => r.tbt)),
    };
  };
  const navigation = { plain: await measureNavigation(1), x4: await measureNavigation(4) };

  const failures = [];
  const check = (ok, what) => {
    if (!ok) failures.push(what);
    return ok ? 'ok' : 'MISSED';
  };
  const header = ['page', 'JS KiB (files)', 'LCP ms', 'LCP 4x ms', 'CLS (max)', 'TBT 4x ms'];
  const widths = [24, 16, 8, 10, 10, 10];
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i] ?? 12)).join(' | ');
  const results = {};
  for (const v of variants) {
    console.log(`\n${v.name} build (median of ${RUNS} cold runs; CLS = worst run; Chromium ${browser.version()})`);
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
    results[v.name] = {};
    for (const p of pages) {
      const r = summary(v.name, p.name);
      results[v.name][p.name] = r;
      console.log(
        line([p.name, `${fmt(r.jsKiB, 1)} (${r.jsFiles})`, fmt(r.lcpPlain), fmt(r.lcp4x), fmt(r.cls, 3), fmt(r.tbt4x)]),
      );
    }
  }
  console.log(`\nnavigation list → product: ${fmt(navigation.plain)} ms plain, ${fmt(navigation.x4)} ms at 4x`);

  console.log(
    `\nBudgets (peer fixed: ${PEER.jsKiB} KiB, LCP ${PEER.lcpPlain} / ${PEER.lcp4x} ms at 4x): ` +
      `JS ≤ ${BUDGET.jsKiB.toFixed(1)} KiB signed out, LCP ≤ ${BUDGET.lcpPlain} / ${BUDGET.lcp4x} ms, ` +
      `CLS ≤ ${BUDGET.cls}, TBT 4x ≤ ${BUDGET.tbt4x} ms, navigation < ${BUDGET.navigation} ms, single ratio ≤ ${BUDGET.singleRatio}`,
  );
  for (const p of pages) {
    const r = results.federated[p.name];
    const marks = [];
    if (!p.signedIn) marks.push(`JS ${check(r.jsKiB <= BUDGET.jsKiB, `JS ${p.name}`)}`);
    marks.push(`LCP ${check(r.lcpPlain <= BUDGET.lcpPlain, `LCP ${p.name}`)}`);
    marks.push(`LCP 4x ${check(r.lcp4x <= BUDGET.lcp4x, `LCP 4x ${p.name}`)}`);
    marks.push(`CLS ${check(r.cls <= BUDGET.cls, `CLS ${p.name}`)}`);
    marks.push(`TBT ${check(r.tbt4x <= BUDGET.tbt4x, `TBT 4x ${p.name}`)}`);
    if (results.single) {
      const s = results.single[p.name];
      const jsRatio = r.jsKiB / s.jsKiB;
      const lcpRatio = r.lcpPlain / s.lcpPlain;
      marks.push(`fed/single JS ${jsRatio.toFixed(2)} ${check(jsRatio <= BUDGET.singleRatio, `JS ratio ${p.name}`)}`);
      marks.push(
        `fed/single LCP ${lcpRatio.toFixed(2)} ${check(lcpRatio <= BUDGET.singleRatio, `LCP ratio ${p.name}`)}`,
      );
    }
    console.log(`  ${p.name.padEnd(24)} ${marks.join(', ')}`);
  }
  if (!results.single) check(false, 'single-bundle build missing (pnpm --filter shell build:single)');
  console.log(`  navigation ${check(navigation.plain < BUDGET.navigation, 'navigation list → product')}`);

  console.log('\nScripts of a signed-out first visit to / (federated, first run):');
  for (const s of samples.federated['/'][1][0].scripts)
    console.log(`  ${(s.bytes / 1024).toFixed(1).padStart(6)} KiB  ${s.url}`);
  if (process.env.BENCH_JSON)
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ runs: RUNS, results, navigation, failures }, null, 2));
  if (failures.length) {
    console.log(`\n${failures.length} budget(s) missed: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('\nEvery budget met.');
} finally {
  await browser.close();
  singleServer?.close();
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
