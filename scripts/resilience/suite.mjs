// What every part of the resilience run shares: its plan (--quick or full), the ports, database and
// folders it owns, and the log.
import { createRequire } from 'node:module';
import path from 'node:path';
import { log as storeLog, root } from '../lib/run.mjs';

export const args = new Set(process.argv.slice(2));
export const quick = args.has('--quick');
export const plan = quick
  ? { shoppers: 30, seconds: 40, outageSeconds: 8, fuzzRuns: 1000 }
  : { shoppers: 200, seconds: 60, outageSeconds: 10, fuzzRuns: 10_000 };
export const base = Number(process.env.RESILIENCE_PORT ?? 7400);
export const pgServer = new URL(process.env.RESILIENCE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
export const redisServer = new URL(process.env.RESILIENCE_REDIS_URL ?? 'redis://127.0.0.1:6379');
export const ports = { pg: base + 30, redis: base + 31, cartRemote: base + 32, front: base + 33 };
export const dbName = `store_resilience_${base}`;
export const outDir = path.join(root, 'resilience-results');
export const workDir = path.join(root, '.cluster', `resilience-${base}`);
export const log = (m) => storeLog(`[resilience] ${m}`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const pg = createRequire(path.join(root, 'api', 'package.json'))('pg');
