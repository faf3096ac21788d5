#!/usr/bin/env node
// Server-render benchmark (issue 30): what the shell's server costs to render the storefront's pages,
// on PostgreSQL with 100,000 products. autocannon on loopback, 50 connections, BENCH_SECONDS (default
// 10) per case, for home, a category and a product: cached (the render cache, as `npm start` runs)
// and uncached (RENDER_CACHE_ENTRIES=0: every request renders), plus a product page over 2,000
// different products uncached (the API's own catalogue cache mostly missing too). Also the rendering
// process's memory (RSS, the `npm start` process that renders): before, the most seen under load, after.
//
//   node e2e/bench/render.mjs            (needs `pnpm build`; PostgreSQL on 127.0.0.1:5432)
//
// Env: BENCH_PORT (default 4600; the store's API on BENCH_PORT + 100), BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/store_bench_render, created and seeded with SEED_PRODUCTS=100000
// the first time, ~20 s, then kept), BENCH_SECONDS, BENCH_CONNECTIONS (default 50).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const requireApi = createRequire(path.join(root, 'api', 'package.json'));
const autocannon = requireApi('autocannon');
const { Client } = requireApi('pg');

const PORT = Number(process.env.BENCH_PORT ?? 4600);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/store_bench_render';

async function ensureDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[\w-]{1,63}$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.href });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

const rssKiB = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
};

/** The store as `npm start` runs it, on PostgreSQL; its page-rendering process is the one started here. */
async function startStore(renderCache) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-render-bench-'));
  const child = spawn('node', [path.join(root, 'scripts/start.mjs'), '--no-install', '--no-build'], {
    env: {
      ...process.env,
      STORE_PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL,
      SEED_PRODUCTS: '100000',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtp://127.0.0.1:9',
      RENDER_CACHE_ENTRIES: renderCache ? '500' : '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${PORT}`;
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }).then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok && (await fetch(`${base}/`)).ok) return { base, pid: child.pid, stop };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the store did not start');
}

function cannon(o) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: SECONDS, ...o }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('error', reject);
  });
}

async function measure(store, name, requests) {
  let peak = rssKiB(store.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKiB(store.pid));
  }, 250);
  // A short warm-up (the server containers, the API's caches, V8's JIT), not counted.
  await cannon({ url: store.base, requests, duration: 2 });
  const result = await cannon({ url: store.base, requests });
  clearInterval(sampler);
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    peakMiB: peak / 1024,
  };
}

await ensureDatabase(DATABASE_URL);
const rows = [];
const loads = [os.loadavg()[0]];
const memory = [];
for (const cached of [true, false]) {
  const store = await startStore(cached);
  try {
    const sample = await (await fetch(`${store.base}/api/products?page_size=100`)).json();
    const product = sample.data[0];
    const category = `/products/category/${encodeURIComponent(product.category)}`;
    const ids = [];
    for (let page = 1; ids.length < 2000 && page <= 20; page++) {
      const list = await (await fetch(`${store.base}/api/products?page_size=100&page=${page}&sort=name`)).json();
      ids.push(...list.data.map((p) => p.id));
    }
    const idle = rssKiB(store.pid) / 1024;
    const label = cached ? 'cached' : 'uncached';
    for (const [name, requests] of [
      ['/', [{ path: '/' }]],
      ['a category', [{ path: category }]],
      ['a product', [{ path: `/products/${product.id}` }]],
      ...(cached ? [] : [['2,000 products', ids.map((id) => ({ path: `/products/${id}` }))]]),
    ]) {
      rows.push({ ...(await measure(store, name, requests)), label });
      loads.push(os.loadavg()[0]);
    }
    memory.push({ label, idleMiB: idle, afterMiB: rssKiB(store.pid) / 1024 });
  } finally {
    await store.stop();
  }
}

console.log(
  `\nServer rendering, PostgreSQL with 100,000 products, ${CONNECTIONS} connections, ${SECONDS} s a case ` +
    `(after a 2 s warm-up); ${os.cpus().length} cores; 1-min load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
);
const line = (cells) => cells.map((c, i) => String(c).padEnd([16, 10, 10, 10, 10, 8, 12][i] ?? 10)).join(' | ');
console.log(line(['page', 'render', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'peak RSS MiB']));
for (const r of rows)
  console.log(line([r.name, r.label, r.rps.toFixed(0), r.p50, r.p99, r.errors, r.peakMiB.toFixed(0)]));
for (const m of memory)
  console.log(
    `rendering process RSS (${m.label}): ${m.idleMiB.toFixed(0)} MiB before, ${m.afterMiB.toFixed(0)} MiB after`,
  );
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rows, memory, loads }, null, 2));
