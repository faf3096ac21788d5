import { createRequire } from 'node:module';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from '../lib/chromium.mjs';
import { root } from '../lib/run.mjs';
import { request, withRetries } from './http.mjs';
import { check, faults, outcomes, record } from './ledger.mjs';
import { pollUntil, running, unreadRequests } from './processes.mjs';
import { linesOf } from './shopper.mjs';
import { base, outDir, plan, sleep } from './suite.mjs';

/**
 * The faults injected while the load runs, each at its share of the load's time: one API process
 * killed with changes in flight on it, PostgreSQL then Redis unreachable, the cart remote's server down.
 */
export async function runFaults(
  { origin, cluster, pgProxy, redisProxy, cartRemoteProxy },
  { started, shoppers, killShopper, killItem },
) {
  const at = (fraction) => started + fraction * plan.seconds * 1000;
  await sleep(Math.max(0, at(0.12) - Date.now()));
  const killed = cluster.pid(0);
  const kill = { name: 'kill -9 one API process', from: Date.now() };
  faults.push(kill);
  const restarted = new Promise((resolve) => cluster.events.once('restarted', resolve));
  // Changes are certainly in flight on the process when it dies: it is frozen (SIGSTOP) first, so
  // the add-to-carts nginx hands it are received and never answered, then killed.
  process.kill(killed, 'SIGSTOP');
  const inFlight = Array.from({ length: 8 }, () => {
    const t = Date.now();
    return withRetries(
      origin,
      'POST',
      '/api/products/add-to-cart',
      { agent: killShopper.agent, token: killShopper.token, body: killItem },
      (a) => {
        record(a, 'POST', '/api/products/add-to-cart');
        killShopper.attempts.push(a.status);
      },
    ).then((res) => {
      outcomes.push({ t, end: Date.now(), status: res.status, method: 'POST', path: '/api/products/add-to-cart' });
      return res;
    });
  });
  // Killed once the requests have really reached it: each one either answered by the other process
  // or waiting, unread, in a socket of the frozen one (bounded: 15 s).
  let answered = 0;
  for (const p of inFlight) void p.then(() => answered++);
  const reachedKilled = await pollUntil(async () => {
    const waiting = unreadRequests(cluster.apiPorts[0]);
    return waiting > 0 && waiting + answered >= inFlight.length ? waiting : null;
  }, 15_000);
  process.kill(killed, 'SIGKILL');
  const answers = await Promise.all(inFlight);
  await Promise.race([restarted, sleep(30_000)]);
  kill.to = Date.now();
  check(
    'faults',
    'a killed API process is restarted by the supervisor',
    cluster.pid(0) && cluster.pid(0) !== killed,
    `back in ${kill.to - kill.from} ms`,
  );
  const me = await request(origin, 'GET', '/api/users/me', { token: killShopper.token });
  const quantity = linesOf(me.body?.cart)[`${killItem.product_id}:${killItem.variant_id}`] ?? 0;
  check(
    'faults',
    'kill -9 with add-to-carts in flight on that process: each is answered 200 at once (nginx re-sends a keyed change) and counted once',
    reachedKilled !== null &&
      answers.every((r) => r.status === 200) &&
      killShopper.attempts.every((st) => st === 200) &&
      quantity === 8,
    `attempts ${killShopper.attempts.join('/')}, quantity ${quantity} of 8, requests held by the frozen process ${reachedKilled ?? 'none within 15 s'}`,
  );

  await sleep(Math.max(0, at(0.3) - Date.now()));
  await outage('PostgreSQL unreachable', pgProxy, async (probe) => {
    const res = await request(origin, 'GET', '/api/users/me', { token: shoppers[0].token, timeoutMs: 3000 });
    probe.push(res);
  });

  await sleep(Math.max(0, at(0.58) - Date.now()));
  await outage('Redis unreachable', redisProxy, async (probe) => {
    const res = await request(
      origin,
      'GET',
      `/api/products?page_size=24&max_price=${100 + Math.floor(Math.random() * 900)}`,
      { timeoutMs: 3000 },
    );
    probe.push(res);
  });

  await sleep(Math.max(0, at(0.8) - Date.now()));
  await remoteDown();

  async function outage(name, proxy, probeOnce) {
    const fault = { name, from: Date.now() };
    faults.push(fault);
    await proxy.down();
    const probe = [];
    const end = Date.now() + plan.outageSeconds * 1000;
    while (Date.now() < end) {
      await probeOnce(probe);
      await sleep(500);
    }
    await proxy.up();
    fault.to = Date.now();
    const recovered = Date.now();
    let back = false;
    while (Date.now() - recovered < 20_000) {
      const res = await request(origin, 'GET', '/api/users/me', { token: shoppers[0].token });
      if (res.status === 200) {
        back = true;
        break;
      }
      await sleep(250);
    }
    const statuses = [...new Set(probe.map((r) => r.status))].join('/');
    if (name.startsWith('PostgreSQL')) {
      const answered503 = probe.filter((r) => r.status === 503);
      check(
        'faults',
        'PostgreSQL away: the API answers 503 with Retry-After',
        answered503.length > 0 &&
          answered503.every((r) => r.headers['retry-after']) &&
          probe.every((r) => r.status === 503),
        `probe answers ${statuses}`,
      );
    } else {
      check(
        'faults',
        'Redis away: the API keeps answering from PostgreSQL',
        probe.every((r) => r.status === 200),
        `probe answers ${statuses}`,
      );
    }
    check(
      'faults',
      `${name}: recovers by itself`,
      back,
      back ? `in ${Date.now() - recovered} ms after the proxy came back` : 'not within 20 s',
    );
  }

  async function remoteDown() {
    const fault = { name: "a remote's static server down", from: Date.now() };
    faults.push(fault);
    const { chromium, expect } = createRequire(path.join(root, 'e2e', 'package.json'))('@playwright/test');
    const browser = await chromium.launch({ ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args] });
    running.browser = browser;
    // Web-first: each step waits for what the page shows (at most 20 s), and says what it saw.
    const shows = (assertion) =>
      assertion.then(
        () => null,
        (error) => error.message.split('\n')[0],
      );
    try {
      await cartRemoteProxy.down();
      const page = await browser.newPage();
      let t = Date.now();
      await page.goto(`http://localhost:${base}/`, { waitUntil: 'commit' });
      // The server's HTML shows the page at once; it works once the browser has hydrated it (and only
      // then has the welcome sign-in dialog been shown, which would otherwise open on the next page).
      const home =
        (await shows(
          expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible({ timeout: 20_000 }),
        )) ?? (await shows(expect(page.locator('#root')).not.toHaveAttribute('data-hydrating', { timeout: 20_000 })));
      const homeMs = Date.now() - t;
      // Category tiles already drawn, or skeletons (the page waits at most 2 s for the categories).
      const tiles = await page.locator('[aria-labelledby="categories-title"] li a').count();
      t = Date.now();
      await page.goto(`http://localhost:${base}/cart`, { waitUntil: 'commit' });
      const retry = page.getByRole('button', { name: 'Try again' });
      const offered = await shows(expect(retry).toBeEnabled({ timeout: 20_000 }));
      const offeredMs = Date.now() - t;
      await page.screenshot({ path: path.join(outDir, 'remote-down.png') });
      await cartRemoteProxy.up();
      t = Date.now();
      if (!offered) await retry.click();
      const back = offered
        ? 'no retry to click'
        : await shows(expect(page.locator('[data-boundary="mf-cart"]').first()).toBeVisible({ timeout: 20_000 }));
      const backMs = Date.now() - t;
      if (home || offered || back) await page.screenshot({ path: path.join(outDir, 'remote-down-failed.png') });
      check(
        'faults',
        'cart remote down: the home page (shell + catalog) still works',
        !home,
        home ?? `shown in ${homeMs} ms, ${tiles ? `${tiles} category tiles` : 'categories still loading'}`,
      );
      check(
        'faults',
        'cart remote down: its area offers a retry, which works once it is back',
        !offered && !back,
        `retry offered: ${offered ?? `in ${offeredMs} ms`}; cart shown after the retry: ${back ?? `in ${backMs} ms`}`,
      );
    } finally {
      await cartRemoteProxy.up();
      await browser.close();
      fault.to = Date.now();
    }
  }
}
