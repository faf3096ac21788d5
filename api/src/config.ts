import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  /** Uploaded product images; DATA_DIR/uploads when unset. */
  STORAGE_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'use letters, digits and _ : . - only')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  CORS_ORIGINS: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  AUTH_ACCOUNT_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  TRUST_PROXY: z.string().optional(),
  /** Grows a freshly seeded demo catalogue to this many products (load tests: SEED_PRODUCTS=100000). */
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /**
   * How many list and search pages one API process has PostgreSQL work on at once (db/gate.ts); unset:
   * twice the cores this process sees.
   */
  DB_PAGE_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  /** How long a 429 waits before it leaves, ms (a client flooding a limited route then sends few). */
  THROTTLE_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /** How many argon2 hashes or verifications run at once in this process; unset: half the cores, at least 1. */
  ARGON2_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Released builds of remotes, /builds/<remote>/<id>/ (DATA_DIR/releases when unset). */
  RELEASES_DIR: z.string().min(1).optional(),
  /**
   * The remote config every visitor starts from, JSON (`{"catalog":{"entry":"…"}}`): /api/releases/remotes.json
   * answers it with the releases applied (pnpm start:cluster, where nginx serves /remotes.json from the API).
   */
  REMOTES_BASE: z.string().optional(),
  /** The live shell's mf-manifest.json, whose shared versions the release gate checks against. */
  SHELL_MANIFEST: z.string().min(1).optional(),
  /** The automatic rollback: at least this many canary loads... */
  RELEASE_ROLLBACK_MIN_LOADS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** ...and a failure rate this many points (0..1) above the stable build's. */
  RELEASE_ROLLBACK_MARGIN: z.coerce.number().min(0).max(1).default(0.05),
  /** How long an API process keeps an integrator key's origins, s (a revoke or an edit is seen within it). */
  EMBED_KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Seconds; 15 minutes. Tests shorten it to see refreshes happen.
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(900),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Where PGlite keeps its files and the generated secret; 'memory://' keeps PGlite in memory. */
  dataDir: string;
  /**
   * Uploaded product images (WebP files). Unset: `dataDir/uploads`, or a folder in the system's
   * temporary directory when the database is in memory.
   */
  storageDir?: string;
  databaseUrl?: string;
  /**
   * An in-memory PGlite starts from this file (a dump of a data folder, PGlite's dumpDataDir) instead
   * of an empty database: the API tests' migrated and seeded template (src/test/template.ts).
   */
  pgliteTemplate?: string;
  /** PostgreSQL: how many list and search pages run at once in this process (DB_PAGE_CONCURRENCY). */
  pageConcurrency?: number;
  redisUrl?: string;
  jwtSecret: string;
  corsOrigins: string[];
  smtpUrl?: string;
  publicUrl: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  /** Demo data on an empty database: the full store, a small one (tests), or none. */
  seed: 'demo' | 'small' | 'none';
  /** After the demo seed: generate products until the catalogue holds this many (SEED_PRODUCTS). */
  seedProducts?: number;
  /** Requests per minute per IP on login, register and forgot-password. */
  authRateLimit: number;
  /** Failed sign-ins per e-mail address (whatever the IP) in `authAccountWindowMs`. */
  authAccountLimit: number;
  authAccountWindowMs: number;
  /**
   * Fastify's trustProxy: whose X-Forwarded-For to believe. false (the default) uses the socket's
   * address, so no client can choose its own rate-limit key.
   */
  trustProxy: boolean | number | string;
  /** Prefix of every Redis key this deployment uses (cache and rate-limit counters). */
  redisPrefix?: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** How long a 429 (a throttled client) waits before it is sent, ms (THROTTLE_DELAY_MS, 250; 0 in most tests). */
  throttleDelayMs?: number;
  /** How many argon2 computations run at once in this process (ARGON2_CONCURRENCY; lib/passwords.ts). */
  argon2Concurrency?: number;
  /** How many Idempotency-Keys one account keeps, its newest (default 1,000; tests lower it). */
  idempotencyKeysPerUser?: number;
  /** How often expired Idempotency-Keys are deleted, ms (default 10 minutes; tests shorten it). */
  idempotencySweepMs?: number;
  /** Released builds of remotes (RELEASES_DIR); unset: dataDir/releases, or a temporary folder in memory. */
  releasesDir?: string;
  /** The live shell's mf-manifest.json (SHELL_MANIFEST; default shell/dist/mf-manifest.json of the repository). */
  shellManifest?: string;
  /** Automatic rollback: canary loads needed (default 20) and failure-rate margin over stable (0.05). */
  releaseRollbackMinLoads?: number;
  releaseRollbackMargin?: number;
  /** REMOTES_BASE: the remote config releases are applied to (absent: only the released remotes are answered). */
  remotesBase?: Record<string, { entry: string }>;
  /** How long an integrator key's origins are kept in this process, s (EMBED_KEY_CACHE_SECONDS: 30, at most 60). */
  embedKeyCacheSeconds?: number;
}

/**
 * The shell (3000) and each remote's standalone dev server (3001-3004): the ports of the one app table,
 * packages/federation/src/apps.mjs (the API imports only @store/contracts, so they are named here).
 */
const DEFAULT_CORS = [3000, 3001, 3002, 3003, 3004].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

/** Reads the secret from the data folder, creating it once (embedded default only). */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * TRUST_PROXY: unset/false → trust nobody; true → any hop; a number → that many hops; otherwise
 * addresses, CIDRs or proxy-addr names (`loopback`, `uniquelocal`), comma-separated.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

function parseRemotesBase(text: string): Record<string, { entry: string }> {
  const parsed = z.record(z.string(), z.object({ entry: z.string().url() })).safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error('REMOTES_BASE: a JSON object of { "<remote>": { "entry": "<url>" } }');
  return parsed.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Default: api/.data (this file is api/src/config.ts, or bundled into api/dist/server.js).
  const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(apiRoot, '.data'));
  const production = e.NODE_ENV === 'production';
  if (!e.JWT_SECRET && production && e.DATABASE_URL) {
    throw new Error('JWT_SECRET is required when NODE_ENV=production and DATABASE_URL is set');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    storageDir: e.STORAGE_DIR ? path.resolve(e.STORAGE_DIR) : undefined,
    databaseUrl: e.DATABASE_URL,
    pageConcurrency: e.DB_PAGE_CONCURRENCY,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : DEFAULT_CORS,
    smtpUrl: e.SMTP_URL,
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    // No demo accounts ever in production, on PostgreSQL or PGlite: the first admin comes from
    // `pnpm --filter api create-admin`.
    seed: production ? 'none' : 'demo',
    seedProducts: e.SEED_PRODUCTS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    authAccountLimit: e.AUTH_ACCOUNT_LIMIT,
    authAccountWindowMs: 15 * 60 * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisPrefix: e.REDIS_PREFIX,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    argon2Concurrency: e.ARGON2_CONCURRENCY,
    throttleDelayMs: e.THROTTLE_DELAY_MS,
    releasesDir: e.RELEASES_DIR ? path.resolve(e.RELEASES_DIR) : undefined,
    shellManifest: path.resolve(e.SHELL_MANIFEST ?? path.join(apiRoot, '..', 'shell', 'dist', 'mf-manifest.json')),
    releaseRollbackMinLoads: e.RELEASE_ROLLBACK_MIN_LOADS,
    releaseRollbackMargin: e.RELEASE_ROLLBACK_MARGIN,
    remotesBase: e.REMOTES_BASE ? parseRemotesBase(e.REMOTES_BASE) : undefined,
    embedKeyCacheSeconds: e.EMBED_KEY_CACHE_SECONDS,
  };
}
