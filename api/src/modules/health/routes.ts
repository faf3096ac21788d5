import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const dependencyState = z.enum(['up', 'down']);
const healthSchema = z.object({
  /** ok: everything answers; degraded: serving without Redis (per-process cache and limits); error: no database. */
  status: z.enum(['ok', 'degraded', 'error']),
  database: z.string(),
  cache: z.string(),
  dependencies: z.object({ database: dependencyState, redis: dependencyState.optional() }),
  /** The dependencies that are down, each with a fixed public sentence (the reason goes to the log). */
  degraded: z.array(z.object({ dependency: z.string(), detail: z.string() })).optional(),
});

/**
 * What /api/health says about a dependency that is down. It is public: never the error's own text
 * (addresses, ports, driver messages, issue 32.5), which goes to the log instead.
 */
export const DOWN_DETAIL = {
  database: 'The database does not answer.',
  redis: 'Redis does not answer: caches and rate limits are per process for now.',
} as const;

/** The health check never waits longer than this for the database. */
export const HEALTH_DB_TIMEOUT_MS = 1500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Health: 200 ok or degraded (Redis down), 503 while the database does not answer',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const degraded: { dependency: string; detail: string }[] = [];
      let database: 'up' | 'down' = 'up';
      try {
        await withTimeout(app.database.ping(), HEALTH_DB_TIMEOUT_MS);
      } catch (err) {
        request.log.error({ err }, 'health check: database down');
        database = 'down';
        degraded.push({ dependency: 'database', detail: DOWN_DETAIL.database });
      }
      let redis: 'up' | 'down' | undefined;
      if (app.redis) {
        redis = app.redis.isUp() ? 'up' : 'down';
        // Its reason was logged when it went down (lib/redis.ts).
        if (redis === 'down') degraded.push({ dependency: 'redis', detail: DOWN_DETAIL.redis });
      }
      const body = {
        status: database === 'down' ? ('error' as const) : redis === 'down' ? ('degraded' as const) : ('ok' as const),
        database: app.database.driver,
        cache: app.cache.kind,
        dependencies: { database, ...(redis ? { redis } : {}) },
        ...(degraded.length ? { degraded } : {}),
      };
      if (database === 'down') return reply.status(503).header('retry-after', '5').send(body);
      return body;
    },
  );
};

export default healthRoutes;
