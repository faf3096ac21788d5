/** What the API benchmarks share (run.ts, ab.ts): the API as a child process, autocannon, cache misses. */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
export const apiRoot = path.resolve(here, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export const SEARCHES = [
  'sneakers',
  'snekers',
  'blue dress',
  'leather bag',
  'wool coat',
  'gold ring',
  'yoga mat',
  'black boots',
];

export interface Row {
  target: string;
  case: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** This process's CPU while measuring, in % of one core: autocannon shares the machine's cores. */
  clientCpu: number;
}
export const rows: Row[] = [];

/** `script` of the API checkout at `root` (default this one), run by its own tsx. */
export function start(script: string, env: Record<string, string>, root = apiRoot): ChildProcess {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

export async function waitFor(url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function measure(
  target: string,
  name: string,
  url: string,
  headers: Record<string, string> = {},
  /** Rewrites each request's path (e.g. a unique search, to measure cache misses). */
  path?: () => string,
) {
  const requests = path ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: path() }) }] : undefined;
  // A short warm-up so JIT and caches are in their steady state.
  await autocannon({ url, connections: 10, duration: 1, headers, requests });
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, requests });
  const cpu = process.cpuUsage(cpuBefore);
  const wallUs = Number(process.hrtime.bigint() - started) / 1000;
  rows.push({
    target,
    case: name,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    clientCpu: Math.round(((cpu.user + cpu.system) / wallUs) * 100),
  });
  const row = rows.at(-1)!;
  console.log(
    `  ${target.padEnd(9)} ${name.padEnd(38)} ${String(row.rps).padStart(7)} req/s  p99 ${row.p99} ms  (client CPU ${row.clientCpu}% of a core, load ${os.loadavg()[0]!.toFixed(1)})`,
  );
}

/**
 * Cache misses: each request excludes another product id (`exclude`), so no two share a cached page,
 * while the query keeps its plan (a price filter would not: see queryRows). `price` measures a miss
 * with a price range instead, which is planned on every request.
 */
let missCounter = 0;
export const listMiss = () => `/api/products?page_size=24&exclude=${1_000_000 + missCounter++}`;
export const priceMiss = () => `/api/products?page_size=24&max_price=${1000 + (missCounter++ % 100_000) / 100}`;
export const searchMiss = () =>
  `/api/products?page_size=24&search=${encodeURIComponent(SEARCHES[missCounter % SEARCHES.length]!)}&exclude=${1_000_000 + missCounter++}`;

/**
 * Searches the API has not seen: two of the catalogue's words (search_terms: the words of names and
 * categories a shopper types) per request, each pair once while there are unsent pairs (170 words at
 * 100,000 products: 28,900 pairs, more than a case sends here), in a scrambled order. The eight searches
 * above repeat, so after their first round the API remembers what their words stand for (service.ts,
 * wordGroups); these pay that lookup too, as a shopper's first search of a phrase does.
 */
export async function newPairs(databaseUrl: string): Promise<() => string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const words = (await client.query<{ term: string }>('SELECT term FROM search_terms ORDER BY term')).rows.map(
    (r) => r.term,
  );
  await client.end();
  const pairs = words.length * words.length;
  // A full-period step through the pairs: every pair once before any comes again.
  let step = Math.floor(pairs * 0.618) | 1;
  while (gcd(step, pairs) !== 1) step += 2;
  let at = 0;
  return () => {
    at = (at + step) % pairs;
    const pair = `${words[Math.floor(at / words.length)]} ${words[at % words.length]}`;
    return `/api/products?page_size=24&search=${encodeURIComponent(pair)}&exclude=${1_000_000 + missCounter++}`;
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export function printTable(header: string[], table: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${table.map(line).join('\n')}`);
}
