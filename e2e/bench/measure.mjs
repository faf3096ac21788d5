// What web.mjs and ab.mjs measure on a first visit, in one place: Debian's Chromium, observers installed
// before the page's first script, and one cold visit counted until the network is idle.
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../scripts/lib/chromium.mjs';

/** Debian's Chromium with the house flags (CONVENTIONS.md), never a downloaded browser. */
export function launchBrowser() {
  return chromium.launch({ ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args] });
}

export const median = (values) => {
  const s = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};

/**
 * Collected in the page from its very start: LCP, layout shifts, long tasks, first paint, and when the
 * catalog's heading was put in the DOM (the page's commit, to tell rendering from painting).
 */
function installObservers() {
  const perf = { lcp: 0, shifts: [], longTasks: [], fcp: 0, commit: NaN };
  window.__bench = perf;
  const observe = (type, fn) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true });
    } catch {
      /* unsupported entry type */
    }
  };
  observe('largest-contentful-paint', (e) => (perf.lcp = e.startTime));
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) perf.shifts.push({ t: e.startTime, v: e.value });
  });
  observe('longtask', (e) => perf.longTasks.push({ t: e.startTime, d: e.duration }));
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
export function clsOf(shifts) {
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

/** Resolves when no request has been in flight for `quietMs` (Playwright's networkidle fires only once). */
function trackNetwork(cdp) {
  const inflight = new Set();
  let lastChange = Date.now();
  const scripts = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    inflight.add(e.requestId);
    lastChange = Date.now();
  });
  const done = (e) => {
    inflight.delete(e.requestId);
    lastChange = Date.now();
  };
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
    done(e);
  });
  cdp.on('Network.loadingFailed', done);
  return {
    scripts,
    async idle(quietMs = 500, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inflight.size === 0 && Date.now() - lastChange >= quietMs) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** The demo shopper's session, as the shell keeps it in localStorage. */
async function loginTokens(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'shopper@example.com', password: 'Shopper123' }),
  });
  const body = await res.json();
  const claims = JSON.parse(Buffer.from(body.access.split('.')[1], 'base64url').toString('utf8'));
  return JSON.stringify({ tokens: { access: body.access, refresh: body.refresh }, role: claims.role ?? 'REGULAR' });
}

/** Images are blocked on both sides of a comparison (the peer's live on a host this machine cannot reach). */
export const BLOCKED_IMAGES = ['*/api/media/*', '*.png', '*.jpg', '*.jpeg', '*.webp', '*.avif', '*.svg'];

/**
 * One cold first visit of `page` ({ path, ready: a selector, dialog?: a dialog's name, signedIn? }) on
 * the site at `base` (fresh context, images blocked), counted until the network is idle: a signed-out
 * visit to the store includes the sign-in dialog SPEC.md opens (`dialog: 'Welcome Back'`). TBT: the long
 * tasks that start after the first paint and before the network is idle, each minus 50 ms.
 * `authBase`: where the signed-in shopper logs in (default `base`).
 */
export async function visit(browser, base, page, cpuRate, authBase = base) {
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
      await loginTokens(authBase),
    );
  }
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  // Images blocked for a fair comparison with the peer (issue 10).
  await cdp.send('Network.setBlockedURLs', { urls: BLOCKED_IMAGES });
  if (cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const network = trackNetwork(cdp);
  await tab.goto(`${base}${page.path}`, { waitUntil: 'load' });
  await tab.locator(page.ready).first().waitFor({ timeout: 30_000 });
  // SPEC.md: a signed-out visitor gets the sign-in dialog; its code is part of the first visit.
  if (page.dialog) await tab.getByRole('dialog', { name: page.dialog }).waitFor({ timeout: 30_000 });
  await network.idle();
  const idleAt = await tab.evaluate(() => performance.now());
  // LCP and layout shifts are final once the page has settled.
  await new Promise((r) => setTimeout(r, 300));
  const perf = await tab.evaluate(() => window.__bench);
  await context.close();
  const scripts = [...network.scripts.values()];
  return {
    jsKiB: scripts.reduce((n, s) => n + s.bytes, 0) / 1024,
    jsFiles: scripts.length,
    scripts,
    lcp: perf.lcp,
    commit: perf.commit,
    cls: clsOf(perf.shifts),
    tbt: perf.longTasks.filter((t) => t.t >= perf.fcp && t.t < idleAt).reduce((n, t) => n + Math.max(0, t.d - 50), 0),
  };
}
