/**
 * tsx bench/ab.ts <other api folder>: this checkout's API against another's (an earlier commit in a git
 * worktree, say), both on PostgreSQL catalogues of AB_PRODUCTS products (default 100,000) seeded by their own
 * code, the cache-missing list and search cases of run.ts measured in turns (other, this, other, this...)
 * for AB_ROUNDS rounds (default 2; the order turned each round; AB_CASES to choose some), so that both see the same moment of a machine whose speed moves. Prints
 * each side's median req/s and p99 per case and this / other.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  apiRoot,
  listMiss,
  measure,
  newPairs,
  priceMiss,
  printTable,
  rows,
  searchMiss,
  start,
  stop,
  waitFor,
} from './lib';

const other = path.resolve(process.argv[2] ?? '');
if (!fs.existsSync(path.join(other, 'src/server.ts'))) {
  console.error('usage: tsx bench/ab.ts <another checkout of api/>');
  process.exit(2);
}
const PRODUCTS = Number(process.env.AB_PRODUCTS ?? 100_000);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

async function main() {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const sides = [
    { name: 'other', root: other, port: PORT },
    { name: 'this', root: apiRoot, port: PORT + 1 },
  ].map((side) => ({ ...side, database: `store_ab_${side.name}_${crypto.randomBytes(4).toString('hex')}` }));
  const children = [];
  const dirs: string[] = [];
  try {
    for (const side of sides) {
      await admin.query(`CREATE DATABASE ${side.database}`);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${side.database}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-ab-'));
      dirs.push(dataDir);
      const started = Date.now();
      children.push(
        start(
          'src/server.ts',
          {
            PORT: String(side.port),
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
            NODE_ENV: 'development',
            DATABASE_URL: url.toString(),
            DATA_DIR: dataDir,
            SEED_PRODUCTS: String(PRODUCTS),
          },
          side.root,
        ),
      );
      // One at a time: each seeds alone.
      await waitFor(`http://127.0.0.1:${side.port}/api/health`, 600_000);
      console.log(
        `  ${side.name} (${side.root}): seeded and started in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      Object.assign(side, { pairs: await newPairs(url.toString()) });
    }
    const cases: [string, (side: { pairs?: () => string }) => () => string][] = [
      ['list (cache miss)', () => listMiss],
      ['list, price range (cache miss)', () => priceMiss],
      ['search (cache miss)', () => searchMiss],
      ['search, new word pairs (cache miss)', (side) => side.pairs!],
      ['search, price range (cache miss)', () => () => `${searchMiss()}&min_price=10&max_price=80`],
      ['search, category (cache miss)', () => () => `${searchMiss()}&category=Shoes`],
      ['search, by price (cache miss)', () => () => `${searchMiss()}&sort=price_asc`],
    ];
    // AB_CASES: only the cases whose names contain one of these (comma-separated), e.g. "price range".
    const only = (process.env.AB_CASES ?? '').split(',').filter(Boolean);
    const chosen = cases.filter(([name]) => only.length === 0 || only.some((part) => name.includes(part)));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, path] of chosen) {
        // Other then this, then this then other: a drift of the machine's speed weighs on both alike.
        for (const side of round % 2 ? [...sides].reverse() : sides) {
          const base = `http://127.0.0.1:${side.port}/api/products`;
          await measure(side.name, name, base, {}, path(side as { pairs?: () => string }));
        }
      }
    }
  } finally {
    for (const child of children) await stop(child);
    for (const side of sides) await admin.query(`DROP DATABASE IF EXISTS ${side.database} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  const of = (side: string, name: string) => rows.filter((r) => r.target === side && r.case === name);
  const names = [...new Set(rows.map((r) => r.case))];
  printTable(
    [
      'case (PostgreSQL, ' + PRODUCTS + ' products)',
      'other req/s',
      'this req/s',
      'this / other',
      'other p99',
      'this p99',
      'non-2xx',
    ],
    names.map((name) => {
      const [a, b] = [of('other', name), of('this', name)];
      const [ra, rb] = [median(a.map((r) => r.rps)), median(b.map((r) => r.rps))];
      return [
        name,
        String(ra),
        String(rb),
        (rb / ra).toFixed(2),
        a.map((r) => r.p99).join(' / '),
        b.map((r) => r.p99).join(' / '),
        String([...a, ...b].reduce((n, r) => n + r.non2xx + r.errors, 0)),
      ];
    }),
  );
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
