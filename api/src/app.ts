import crypto from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { seedIfEmpty } from './db/seed';
import { seedBulkProducts } from './db/seed/bulk';
import { type Cache, memoryCache, redisCache } from './lib/cache';
import { DATABASE_RETRY_AFTER, DATABASE_UNAVAILABLE, HttpError, isDatabaseUnavailable } from './lib/errors';
import { registerIdempotency } from './lib/idempotency';
import { createLimiter, type Limiter, rateLimitStore } from './lib/limiter';
import { createMailer, type Mailer } from './lib/mailer';
import { connectRedis, type RedisLink } from './lib/redis';
import { createTokenService, type TokenService } from './lib/tokens';
import adminRoutes from './modules/admin/routes';
import authRoutes from './modules/auth/routes';
import cartRoutes from './modules/cart/routes';
import catalogRoutes from './modules/catalog/routes';
import healthRoutes from './modules/health/routes';
import mediaRoutes from './modules/media/routes';
import ordersRoutes from './modules/orders/routes';
import supportRoutes from './modules/support/routes';
import usersRoutes from './modules/users/routes';

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
    mailer: Mailer;
    /** Every route registered, as `METHOD url` (the admin guard test walks it). */
    routeList: { method: string; url: string }[];
  }
}

/** Turns validation issues into `{detail, field: [messages]}` (DRF style). */
function validationBody(error: FastifyError): Record<string, unknown> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const key =
      path ||
      (error.validationContext === 'body' ? 'non_field_errors' : (error.validationContext ?? 'non_field_errors'));
    (fields[key] ??= []).push(issue.message ?? 'Invalid value');
  }
  const first = Object.entries(fields)[0];
  const detail = first
    ? first[0] === 'non_field_errors'
      ? first[1][0]
      : `${first[0]}: ${first[1][0]}`
    : 'Invalid input.';
  return { detail, ...fields };
}

/** The headers @fastify/helmet sets with this API's policy, captured from a throwaway instance. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'unsafe-inline'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  probe.get('/', async () => 'ok');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(res.headers).flatMap(([name, value]) =>
      skip.has(name) || value === undefined ? [] : [[name, String(value)]],
    ),
  );
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

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) return reply.status(400).send(validationBody(error));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error.' });
    }
    // The database is down or hung: say so and when to retry, instead of a bare 500.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER))
        .send({ detail: DATABASE_UNAVAILABLE });
    }
    // Input PostgreSQL cannot store (a NUL byte, an out-of-range number): the client's fault, not ours.
    const sqlState = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? error.code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      return reply.status(400).send({ detail: 'Invalid input.' });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'Internal server error.' });
    }
    // Fastify's own 4xx (bad JSON, too large, unsupported type, rate limit): message only, no stack.
    return reply.status(status).send({ detail: error.message });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ detail: 'Not found.' }));

  app.decorate('routeList', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.routeList.push({ method, url: route.url });
  });

  // External plugins first (the Fastify demo's order).
  // Security headers: helmet's values, computed once at start-up. (@fastify/helmet rebuilds its
  // middleware on every request, which cost ~40% of the throughput of a cached route.)
  const securityHeaders = await helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id'],
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

  await app.register(swagger, {
    openapi: {
      info: { title: 'Store API', description: 'REST API of the online store', version: '0.1.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

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
  app.decorate('mailer', createMailer(config, app.log));
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
  await app.register(cartRoutes, { prefix: '/api/products' });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(ordersRoutes, { prefix: '/api/users/me' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(mediaRoutes, { prefix: '/api/media' });
  await app.register(supportRoutes, { prefix: '/api' });

  return app;
}
