#!/usr/bin/env node
// Interleaved A/B of first visits (issue 10): this checkout's production build against another
// checkout's (say main's, built), each started as `npm start` serves it, measured in turns in one
// browser, so both see the same machine load. The visit is web.mjs's (measure.mjs: counted until the
// network is idle, images blocked, signed out with the welcome dialog or signed in), and this prints
// when the catalog's heading was put in the DOM (the page's commit), to tell rendering from painting.
//   AB_OTHER=/path/to/other/checkout node e2e/bench/ab.mjs
// Env: AB_OTHER (required), BENCH_PORT (default 4600: this checkout; BENCH_PORT + 30: the other;
//      their APIs on BENCH_PORT + 90 and + 91), BENCH_RUNS (default 6), AB_CPUS (default '1,4'),
//      AB_PAGES (page names, comma-separated: '/,/products/category/{c}'; default all five).
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, median, visit } from './measure.mjs';
import { startCheckout, storePages } from './store.mjs';

const here = path.resolve(import.meta.dirname, '..', '..');
const other = process.env.AB_OTHER;
if (!other) throw new Error('AB_OTHER: the other checkout (built) to compare with');
const PORT = Number(process.env.BENCH_PORT ?? 4600);
const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const CPUS = (process.env.AB_CPUS ?? '1,4').split(',').map(Number);

const variants = [
  { name: `this (${path.basename(here)})`, ...(await startCheckout(here, PORT, PORT + 90)) },
  { name: `other (${other})`, ...(await startCheckout(other, PORT + 30, PORT + 91)) },
];

const browser = await launchBrowser();

try {
  const pages = await storePages(variants[0].base);
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
          samples.get(key).push(await visit(browser, v.base, p, cpu));
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
