/**
 * pnpm --filter api bench: starts the API on loopback against PGlite and then PostgreSQL (each a
 * child process on a fresh, demo-seeded database), measures req/s and p99 latency with autocannon
 * (50 connections, a fixed duration per case) and prints one table next to a bare Fastify route.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { listMiss, measure, newPairs, priceMiss, printTable, rows, searchMiss, start, stop, waitFor } from './lib';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** First of the ports the benchmark listens on (bare route, PGlite, PostgreSQL, then one per catalogue size). */
const PORT = Number(process.env.BENCH_PORT ?? 3190);
/** Catalogue sizes for the growth table (PostgreSQL, SEED_PRODUCTS); empty to skip it. */
const SCALES = (process.env.BENCH_SCALES ?? '1000,10000,100000')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
async function benchApi(target: 'pglite' | 'postgres', port: number, env: Record<string, string>) {
  const child = start('src/server.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    ...env,
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    await waitFor(`${base}/health`);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'Shopper123' }),
    });
    const { access } = (await login.json()) as { access: string };
    const list = (await (await fetch(`${base}/products?page_size=24`)).json()) as { data: { id: number }[] };
    const productId = list.data[0]?.id ?? 1;
    await measure(target, 'GET /api/products?page_size=24', `${base}/products?page_size=24`);
    await measure(target, 'GET /api/products?page_size=24 (cache miss)', `${base}/products`, {}, listMiss);
    await measure(target, 'GET /api/products?search=… (cache miss)', `${base}/products`, {}, searchMiss);
    await measure(target, `GET /api/products/${productId}`, `${base}/products/${productId}`);
    await measure(target, 'GET /api/products/categories', `${base}/products/categories`);
    await measure(target, 'GET /api/users/me (bearer token)', `${base}/users/me`, {
      authorization: `Bearer ${access}`,
    });
  } finally {
    await stop(child);
  }
}

/** The growth table: the same list and search cases on PostgreSQL catalogues of growing size. */
async function benchScale(products: number, port: number, databaseUrl: string, dataDir: string) {
  const child = start('src/server.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_PRODUCTS: String(products),
  });
  const base = `http://127.0.0.1:${port}/api`;
  const target = `pg ${products >= 1000 ? `${products / 1000}k` : products}`;
  try {
    const started = Date.now();
    await waitFor(`${base}/health`);
    console.log(`  ${target}: seeded and started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await measure(target, 'list (cached)', `${base}/products?page_size=24`);
    await measure(target, 'list (cache miss)', `${base}/products`, {}, listMiss);
    await measure(target, 'list, price range (cache miss)', `${base}/products`, {}, priceMiss);
    await measure(target, 'search (cache miss)', `${base}/products`, {}, searchMiss);
    await measure(target, 'search, new word pairs (cache miss)', `${base}/products`, {}, await newPairs(databaseUrl));
    await measure(
      target,
      'search, price range (cache miss)',
      `${base}/products`,
      {},
      () => `${searchMiss()}&min_price=10&max_price=80`,
    );
    await measure(
      target,
      'search, category (cache miss)',
      `${base}/products`,
      {},
      () => `${searchMiss()}&category=Shoes`,
    );
    await measure(
      target,
      'search, by price (cache miss)',
      `${base}/products`,
      {},
      () => `${searchMiss()}&sort=price_asc`,
    );
  } finally {
    await stop(child);
  }
}

async function main() {
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per case, loopback, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'})`,
  );

  const bare = start('bench/bare.ts', { PORT: String(PORT) });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/bare`);
    await measure('bare', 'GET /bare (Fastify, no database)', `http://127.0.0.1:${PORT}/bare`);
  } finally {
    await stop(bare);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  try {
    await benchApi('pglite', PORT + 1, { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const name = `store_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  let pgReady = false;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    pgReady = true;
  } catch (error) {
    console.warn(`PostgreSQL skipped: ${PG_ADMIN_URL} unreachable (${(error as Error).message})`);
  }
  if (pgReady) {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const secretDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-pg-'));
    try {
      await benchApi('postgres', PORT + 2, { DATABASE_URL: url.toString(), DATA_DIR: secretDir });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(secretDir, { recursive: true, force: true });
    }
    for (const [i, products] of SCALES.entries()) {
      const scaleName = `${name}_${products}`;
      await admin.query(`CREATE DATABASE ${scaleName}`);
      const scaleUrl = new URL(PG_ADMIN_URL);
      scaleUrl.pathname = `/${scaleName}`;
      const scaleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-scale-'));
      try {
        await benchScale(products, PORT + 3 + i, scaleUrl.toString(), scaleDir);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${scaleName} WITH (FORCE)`);
        fs.rmSync(scaleDir, { recursive: true, force: true });
      }
    }
  }
  await admin.end().catch(() => undefined);

  const bareRps = rows.find((r) => r.target === 'bare')?.rps ?? 0;
  printTable(
    ['target', 'case', 'req/s', 'p99 ms', '% of bare', 'client CPU', 'non-2xx', 'errors'],
    rows.map((r) => [
      r.target,
      r.case,
      String(r.rps),
      String(r.p99),
      bareRps ? `${Math.round((r.rps / bareRps) * 100)}%` : '-',
      `${r.clientCpu}%`,
      String(r.non2xx),
      String(r.errors),
    ]),
  );

  // How p99 grows with the catalogue: each case at the smallest and the largest size.
  const scaled = rows.filter((r) => r.target.startsWith('pg '));
  const sizes = [...new Set(scaled.map((r) => r.target))];
  if (sizes.length > 1) {
    const cases = [...new Set(scaled.map((r) => r.case))];
    const p99 = (size: string, name: string) => scaled.find((r) => r.target === size && r.case === name)?.p99;
    printTable(
      [
        'case (PostgreSQL)',
        ...sizes.map((size) => `p99 ms ${size.slice(3)}`),
        `growth ${sizes[0]!.slice(3)} -> ${sizes.at(-1)!.slice(3)}`,
      ],
      cases.map((name) => {
        const first = p99(sizes[0]!, name);
        const last = p99(sizes.at(-1)!, name);
        return [
          name,
          ...sizes.map((size) => String(p99(size, name) ?? '-')),
          first && last ? `x${(last / first).toFixed(1)}` : '-',
        ];
      }),
    );
  }
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
