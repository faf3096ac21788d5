// The store the benchmarks measure: started as `npm start` serves it (no install, no build), on its
// own port and a fresh data folder, stopped when the script exits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Starts the store on `port` with its data in `dataDir`; resolves once the API and the shell answer. */
export async function startStore(port, dataDir) {
  const base = `http://localhost:${port}`;
  const server = spawn('node', [path.join(root, 'scripts/start.mjs'), '--no-install', '--no-build'], {
    env: { ...process.env, STORE_PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok && (await fetch(`${base}/`)).ok) return { base, stop };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stop();
  throw new Error('store did not start');
}

/**
 * Starts another checkout's store (built) on `port`, its API on `apiPort`, with a fresh data folder:
 * that checkout's own store.mjs, as its `npm start` serves it (ab.mjs, web.mjs's BENCH_OTHER).
 */
export async function startCheckout(checkout, port, apiPort) {
  const { startStore: startOther } = await import(path.join(checkout, 'e2e', 'bench', 'store.mjs'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  const before = process.env.API_PORT;
  process.env.API_PORT = String(apiPort);
  try {
    const { stop } = await startOther(port, dataDir);
    return {
      base: `http://localhost:${port}`,
      stop: () => (stop(), fs.rmSync(dataDir, { recursive: true, force: true })),
    };
  } finally {
    if (before === undefined) delete process.env.API_PORT;
    else process.env.API_PORT = before;
  }
}

/**
 * The first visits the benchmarks take on a store at `base`: `/`, a category list and a product signed
 * out (with the welcome sign-in dialog), `/cart` and `/account` signed in.
 */
export async function storePages(base) {
  const products = await (await fetch(`${base}/api/products?page_size=1`)).json();
  const product = products.data[0];
  const catalogReady = '[data-boundary="mf-catalog"] h1, [data-boundary="mf-catalog"] h2';
  const dialog = 'Welcome Back';
  return [
    { name: '/', path: '/', ready: catalogReady, dialog },
    {
      name: '/products/category/{c}',
      path: `/products/category/${encodeURIComponent(product.category)}`,
      ready: catalogReady,
      dialog,
    },
    { name: '/products/{id}', path: `/products/${product.id}`, ready: catalogReady, dialog },
    { name: '/cart (signed in)', path: '/cart', ready: 'main [data-boundary="mf-cart"]', signedIn: true },
    { name: '/account (signed in)', path: '/account', ready: 'main [data-boundary="mf-account"]', signedIn: true },
  ];
}
