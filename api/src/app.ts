import crypto from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { seedIfEmpty } from './seed';
import { seedBulkProducts } from './seed/bulk';
import { type Cache, memoryCache, redisCache } from './lib/cache';
import { closeOnClientError } from './lib/clientError';
import { HttpError } from './lib/errors';
import { registerIdempotency } from './lib/idempotency';
import { createLimiter, type Limiter, rateLimitStore } from './lib/limiter';
import { createMailer, type Mailer } from './lib/mailer';
import { configurePasswordBudget } from './lib/passwords';
import { connectRedis, type RedisLink } from './lib/redis';
import { createTokenService, type TokenService } from './lib/tokens';
import adminRoutes from './modules/admin/routes';
import embedRoutes from './modules/embed/routes';
import handoffRoutes from './modules/embed/handoffRoutes';
import { createKeyStore, embedKeyOfUrl, keyState, type KeyStore } from './modules/embed/keys';
import authRoutes from './modules/auth/routes';
import cartRoutes from './modules/cart/routes';
import catalogRoutes from './modules/catalog/routes';
import healthRoutes from './modules/health/routes';
import mediaRoutes from './modules/media/routes';
import ordersRoutes from './modules/orders/routes';
import releaseRoutes from './modules/releases/routes';
import { createReleases } from './modules/releases/settings';
import storefrontRoutes from './modules/storefront/routes';
import supportRoutes from './modules/support/routes';
import usersRoutes from './modules/users/routes';
import errorsPlugin from './plugins/errors';
import openApiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    cache: Cache;
    /** Rate-limit counters: Redis when it answers, this process's own otherwise (never open). */
    limiter: Limiter;
    /** The Redis connection when REDIS_URL is set (its state feeds /api/health). */
    redis: RedisLink | undefined;
    tokens: TokenService;
    /** Integrator keys, cached for EMBED_KEY_CACHE_SECONDS (modules/embed/keys.ts). */
    embedKeys: KeyStore;
    mailer: Mailer;
    /** Every route registered, as `METHOD url` (the admin guard test walks it). */
    routeList: { method: string; url: string }[];
  }
}

export interface BuildOptions {
  /** Use an already opened database (tests share one per suite). */
  database?: Database;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    bodyLimit: 256 * 1024,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler: closeOnClientError,
  });
  // DELETE calls from some clients carry a JSON content type with no body: treat that as no body.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return defaultJsonParser(request, body.toString(), done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);

  app.decorate('routeList', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.routeList.push({ method, url: route.url });
  });

  // External plugins first (the Fastify demo's order): security headers and CORS, rate limits, OpenAPI.
  // Integrator keys: read at request time (cached briefly), so an embed's CORS answer follows its key.
  const embedKeys = createKeyStore(() => app.db, config.embedKeyCacheSeconds ?? 30);
  app.decorate('embedKeys', embedKeys);
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    embedOrigins: (url) => {
      const key = embedKeyOfUrl(url);
      if (key === undefined) return undefined;
      return embedKeys.get(key).then(
        (found) => (found && keyState(found) === 'active' ? found.origins : []),
        () => [],
      );
    },
  });

  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  const limiter = createLimiter(redis, config.redisPrefix ?? 'store:');
  await app.register(rateLimit, {
    global: false,
    // Never skipped on a Redis error: the limiter falls back to this process's counts.
    store: rateLimitStore(limiter),
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(ctx.statusCode, {
        detail: `Request was throttled. Expected available in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      }),
  });

  await app.register(openApiPlugin);

  // Application services.
  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = !options.database;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('cache', redis ? redisCache(redis, config.redisPrefix ?? 'store:') : memoryCache());
  app.decorate('redis', redis);
  app.decorate('limiter', limiter);
  app.decorate('tokens', createTokenService(config.jwtSecret, config.accessTokenTtl));
  // The argon2 budget is the process's, whichever app configures it.
  if (config.argon2Concurrency) configurePasswordBudget({ running: config.argon2Concurrency });
  app.decorate('mailer', createMailer(config, app.log));
  app.decorate('releases', createReleases(config));
  app.decorateRequest('user', null);
  app.decorateRequest('account', null);

  app.addHook('onClose', async () => {
    await app.cache.close();
    limiter.close();
    await redis?.close();
    if (ownsDatabase) await database.close();
  });

  if (ownsDatabase) {
    await database.exclusive(async (startupDb) => {
      await database.migrate();
      if (config.seed !== 'none') {
        const seeded = await seedIfEmpty(startupDb, config.seed);
        if (seeded) app.log.info(seeded, 'seeded demo data');
        if (seeded && config.seedProducts) {
          app.log.info(await seedBulkProducts(startupDb, config.seedProducts), 'generated products');
        }
      }
    });
  }

  // Idempotency-Key on every change, stored in the database (after auth: keys are per user).
  registerIdempotency(app, () => app.db);

  // Routes: the folder is the URL prefix.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(catalogRoutes, { prefix: '/api/products' });
  // Where the folder and the URL part ways, SPEC.md's paths win: the cart's routes are
  // /api/products/add-to-cart, /update-cart-item, /remove-from-cart, /clear-cart (modules/cart), the
  // shopper's orders /api/users/me/orders (modules/orders), and modules/support, mounted at /api, owns
  // /api/support/messages and /api/newsletter/subscribe.
  await app.register(cartRoutes, { prefix: '/api/products' });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(ordersRoutes, { prefix: '/api/users/me' });
  await app.register(releaseRoutes, { prefix: '/api/releases' });
  await app.register(handoffRoutes, { prefix: '/api/users/me/handoffs' });
  await app.register(embedRoutes, { prefix: '/api/embed' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(mediaRoutes, { prefix: '/api/media' });
  await app.register(supportRoutes, { prefix: '/api' });
  await app.register(storefrontRoutes, { prefix: '/api/storefront' });

  return app;
}
