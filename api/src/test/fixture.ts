import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { startMailCatcher, type MailCatcher } from './mailCatcher';
import { TEMPLATE_ENV } from './template';

/** One API test context: an app on a fresh, migrated and (small-)seeded database. */
export interface TestContext {
  app: FastifyInstance;
  driver: 'pglite' | 'postgres';
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<{ access: string; refresh: string }>;
  /** Registers a fresh shopper and signs them in. */
  newUser(): Promise<{ id: number; email: string; password: string; access: string; refresh: string }>;
  adminToken(): Promise<string>;
  shopperToken(): Promise<string>;
  /** The suite's MailDev when it asked for one (`{ mail: true }`); the app sends to it. */
  mail?: MailCatcher;
}

export const SHOPPER = { email: 'shopper@example.com', password: 'Shopper123' };
export const ADMIN = { email: 'admin@example.com', password: 'Admin1234' };

/** A valid checkout body (pay later, standard delivery). */
export const CHECKOUT = {
  address: {
    full_name: 'Ada Lovelace',
    street: '12 Market Street',
    city: 'London',
    postal_code: 'N1 9GU',
    country: 'GB',
    phone: '+44 20 7946 0958',
  },
  delivery_method: 'STANDARD',
  payment_method: 'PAY_LATER',
} as const;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    corsOrigins: ['http://localhost:3000'],
    publicUrl: 'http://localhost:3000',
    nodeEnv: 'test',
    logLevel: 'silent',
    seed: 'small',
    authRateLimit: 10_000,
    authAccountLimit: 10_000,
    authAccountWindowMs: 15 * 60 * 1000,
    trustProxy: false,
    accessTokenTtl: 900,
    // Throttled answers at once: the limit tests send dozens of them (limits.test checks the pause).
    throttleDelayMs: 0,
    ...overrides,
  };
  // An in-memory database that would be migrated and small-seeded starts from the run's template.
  const template = process.env[TEMPLATE_ENV.pglite];
  const fromTemplate =
    config.dataDir === 'memory://' && !config.databaseUrl && config.seed === 'small' && !config.seedProducts;
  if (template && fromTemplate && !('pgliteTemplate' in overrides)) config.pgliteTemplate = template;
  return config;
}

const pgAvailable = () => process.env.API_TEST_PG === 'available';
const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Creates a throwaway PostgreSQL database; the returned function drops it. Empty, or with
 * `{ template: true }` a copy of the run's migrated and small-seeded template (src/test/template.ts),
 * as `buildApp(testConfig({ databaseUrl }))` would leave an empty one.
 */
export async function throwawayDatabase(
  options: { template?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `store_api_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const template = options.template ? process.env[TEMPLATE_ENV.postgres] : undefined;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function contextFor(app: FastifyInstance, driver: TestContext['driver']): TestContext {
  const tokens = new Map<string, string>();
  const ctx: TestContext = {
    app,
    driver,
    request: ({ token, headers, ...options }) =>
      app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async newUser() {
      // Usernames are unique (whatever the case), like e-mails: each user gets its own.
      const id = crypto.randomBytes(5).toString('hex');
      const email = `user-${id}@example.com`;
      const password = 'Passw0rdX';
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { first_name: 'Test', last_name: 'User', username: `tester-${id}`, email, password },
      });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      const tokens = await ctx.login(email, password);
      return { id: res.json().user.id, email, password, ...tokens };
    },
    async adminToken() {
      if (!tokens.has('admin')) tokens.set('admin', (await ctx.login(ADMIN.email, ADMIN.password)).access);
      return tokens.get('admin')!;
    },
    async shopperToken() {
      if (!tokens.has('shopper')) tokens.set('shopper', (await ctx.login(SHOPPER.email, SHOPPER.password)).access);
      return tokens.get('shopper')!;
    },
  };
  return ctx;
}

/**
 * Runs `suite` once against an in-memory PGlite and once against a throwaway PostgreSQL database
 * (skipped with the reason printed when PostgreSQL is unreachable).
 */
export function describeEachDatabase(
  title: string,
  suite: (get: () => TestContext) => void,
  overrides: Partial<AppConfig> = {},
  options: { mail?: boolean } = {},
): void {
  describe.each(['pglite', 'postgres'] as const)(`${title} [%s]`, (driver) => {
    let ctx: TestContext | undefined;
    let drop: (() => Promise<void>) | undefined;
    let mail: MailCatcher | undefined;
    const skip = driver === 'postgres' && !pgAvailable();

    beforeAll(async () => {
      if (skip) {
        console.warn(`[${title}] PostgreSQL half skipped: ${process.env.API_TEST_PG ?? 'not checked'}`);
        return;
      }
      let databaseUrl: string | undefined;
      if (driver === 'postgres') {
        const db = await throwawayDatabase({
          template: (overrides.seed ?? 'small') === 'small' && !overrides.seedProducts,
        });
        databaseUrl = db.url;
        drop = db.drop;
      }
      if (options.mail) mail = await startMailCatcher();
      const app = await buildApp(testConfig({ databaseUrl, smtpUrl: mail?.smtpUrl, ...overrides }));
      await app.ready();
      ctx = { ...contextFor(app, driver), mail };
    });

    afterAll(async () => {
      await ctx?.app.close();
      await drop?.();
      await mail?.stop();
    });

    const get = () => {
      if (!ctx) throw new Error('test context not ready');
      return ctx;
    };
    if (skip) {
      it.skip('PostgreSQL unreachable', () => undefined);
      return;
    }
    suite(get);
  });
}

/** describeEachDatabase with a MailDev per database: the app sends to it, `ctx.mail` reads it. */
export function describeEachDatabaseWithMail(title: string, suite: (get: () => TestContext) => void): void {
  describeEachDatabase(title, suite, {}, { mail: true });
}

/** A published product with at least one in-stock variant (from the small seed). */
export async function someVariant(ctx: TestContext, minStock = 1) {
  const list = await ctx.request({ method: 'GET', url: '/api/products?in_stock=true&page_size=100' });
  for (const card of list.json().data as { id: number }[]) {
    const detail = (await ctx.request({ method: 'GET', url: `/api/products/${card.id}` })).json();
    const variant = detail.variants.find((v: { stock: number }) => v.stock >= minStock);
    if (variant) return { product: detail, variant };
  }
  throw new Error(`no variant with stock >= ${minStock}`);
}
