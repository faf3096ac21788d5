#!/usr/bin/env node
// Interleaved A/B of first visits (issue 10): this checkout's production build against another
// checkout's (say main's, built), each started as `npm start` serves it, measured in turns in one
// browser, so both see the same machine load. Same measures as web.mjs (LCP, TBT after FCP, CLS,
// images blocked, signed out with the welcome dialog or signed in), plus when the catalog's heading
// was put in the DOM (the page's commit), to tell rendering from painting.
//   AB_OTHER=/path/to/other/checkout node e2e/bench/ab.mjs
// Env: AB_OTHER (required), BENCH_PORT (default 4600: this checkout; BENCH_PORT + 30: the other;
//      their APIs on BENCH_PORT + 90 and + 91), BENCH_RUNS (default 6), AB_CPUS (default '1,4'),
//      AB_PAGES (page names, comma-separated: '/,/products/category/{c}'; default all five).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const here = path.resolve(import.meta.dirname, '..', '..');
const other = process.env.AB_OTHER;
if (!other) throw new Error('AB_OTHER: the other checkout (built) to compare with');
const PORT = Number(process.env.BENCH_PORT ?? 4600);
const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const CPUS = (process.env.AB_CPUS ?? '1,4').split(',').map(Number);

/** Starts a checkout's store on `port`, its API on `apiPort`, with a fresh data folder. */
async function start(root, port, apiPort) {
  const { startStore } = await import(path.join(root, 'e2e', 'bench', 'store.mjs'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-ab-'));
  const before = process.env.API_PORT;
  process.env.API_PORT = String(apiPort);
  try {
    const { stop } = await startStore(port, dataDir);
    return { port, stop: () => (stop(), fs.rmSync(dataDir, { recursive: true, force: true })) };
  } finally {
    if (before === undefined) delete process.env.API_PORT;
    else process.env.API_PORT = before;
  }
}

const variants = [
  { name: `this (${path.basename(here)})`, ...(await start(here, PORT, PORT + 90)) },
  { name: `other (${other})`, ...(await start(other, PORT + 30, PORT + 91)) },
];

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

function installObservers() {
  const perf = { lcp: 0, longTasks: [], fcp: 0, shifts: [], commit: NaN };
  window.__bench = perf;
  const observe = (type, fn) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true });
    } catch {
      /* unsupported entry type */
    }
  };
  observe('largest-contentful-paint', (e) => (perf.lcp = e.startTime));
  observe('longtask', (e) => perf.longTasks.push({ t: e.startTime, d: e.duration }));
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) perf.shifts.push({ t: e.startTime, v: e.value });
  });
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') perf.fcp = e.startTime;
  });
  const heading = new MutationObserver(() => {
    if (document.querySelector('[data-boundary="mf-catalog"] h1')) {
      perf.commit = performance.now();
      heading.disconnect();
    }
  });
  heading.observe(document, { childList: true, subtree: true });
}

/** CLS as Chromium reports it: the largest session window (gaps under 1 s, at most 5 s long). */
function clsOf(shifts) {
  let worst = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const { t, v } of [...shifts].sort((a, b) => a.t - b.t)) {
    if (t - last > 1000 || t - start > 5000) {
      current = 0;
      start = t;
    }
    current += v;
    last = t;
    worst = Math.max(worst, current);
  }
  return worst;
}

const median = (values) => {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};

async function loginTokens(port) {
  const res = await fetch(`http://localhost:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'shopper@example.com', password: 'Shopper123' }),
  });
  const body = await res.json();
  const claims = JSON.parse(Buffer.from(body.access.split('.')[1], 'base64url').toString('utf8'));
  return JSON.stringify({ tokens: { access: body.access, refresh: body.refresh }, role: claims.role ?? 'REGULAR' });
}

async function visit(port, page, cpuRate) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(installObservers);
  if (page.signedIn) {
    await context.addInitScript(
      (auth) => {
        if (!sessionStorage.getItem('bench:auth-set')) {
          localStorage.setItem('auth', auth);
          sessionStorage.setItem('bench:auth-set', '1');
        }
      },
      await loginTokens(port),
    );
  }
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBlockedURLs', { urls: ['*/api/media/*', '*.png', '*.jpg', '*.jpeg', '*.webp', '*.avif'] });
  if (cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await tab.goto(`http://localhost:${port}${page.path}`, { waitUntil: 'load' });
  await tab.locator(page.ready).first().waitFor({ timeout: 30_000 });
  if (!page.signedIn) await tab.getByRole('dialog', { name: 'Welcome Back' }).waitFor({ timeout: 30_000 });
  // web.mjs waits for 500 ms of network quiet, then 300 ms: about the same settling here.
  await new Promise((r) => setTimeout(r, 1000));
  const perf = await tab.evaluate(() => window.__bench);
  await context.close();
  return {
    lcp: perf.lcp,
    commit: perf.commit,
    cls: clsOf(perf.shifts),
    tbt: perf.longTasks.filter((t) => t.t >= perf.fcp).reduce((n, t) => n + Math.max(0, t.d - 50), 0),
  };
}

try {
  const products = await (await fetch(`http://localhost:${PORT}/api/products?page_size=1`)).json();
  const product = products.data[0];
  const catalogReady = '[data-boundary="mf-catalog"] h1, [data-boundary="mf-catalog"] h2';
  const pages = [
    { name: '/', path: '/', ready: catalogReady },
    {
      name: '/products/category/{c}',
      path: `/products/category/${encodeURIComponent(product.category)}`,
      ready: catalogReady,
    },
    { name: '/products/{id}', path: `/products/${product.id}`, ready: catalogReady },
    { name: '/cart (signed in)', path: '/cart', ready: 'main [data-boundary="mf-cart"]', signedIn: true },
    { name: '/account (signed in)', path: '/account', ready: 'main [data-boundary="mf-account"]', signedIn: true },
  ];
  // AB_PAGES: some of the pages only, by name (comma-separated).
  const only = process.env.AB_PAGES?.split(',');
  if (only) pages.splice(0, pages.length, ...pages.filter((p) => only.includes(p.name)));
  const samples = new Map();
  const loads = [os.loadavg()[0]];
  for (let i = 0; i < RUNS; i++) {
    for (const p of pages) {
      for (const cpu of CPUS) {
        // Alternate which variant goes first.
        for (const v of i % 2 ? [...variants].reverse() : variants) {
          const key = `${p.name}|${cpu}|${v.name}`;
          if (!samples.has(key)) samples.set(key, []);
          samples.get(key).push(await visit(v.port, p, cpu));
        }
      }
    }
    loads.push(os.loadavg()[0]);
  }
  console.log(
    `\n${RUNS} runs each, interleaved; Chromium ${browser.version()}; 1-min load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
  console.log(
    'page                      | CPU | variant                        | LCP ms | commit ms | TBT ms | CLS (max)',
  );
  for (const p of pages) {
    for (const cpu of CPUS) {
      for (const v of variants) {
        const s = samples.get(`${p.name}|${cpu}|${v.name}`);
        console.log(
          [
            p.name.padEnd(25),
            `${cpu}x`.padEnd(3),
            v.name.slice(0, 30).padEnd(30),
            median(s.map((r) => r.lcp))
              .toFixed(0)
              .padStart(6),
            median(s.map((r) => r.commit))
              .toFixed(0)
              .padStart(9),
            median(s.map((r) => r.tbt))
              .toFixed(0)
              .padStart(6),
            Math.max(...s.map((r) => r.cls)).toFixed(3),
            `LCPs ${s.map((r) => r.lcp.toFixed(0)).join(' ')}`,
          ].join(' | '),
        );
      }
    }
  }
} finally {
  await browser.close();
  for (const v of variants) v.stop();
}
