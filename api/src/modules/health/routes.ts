import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.string(), cache: z.string() });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the database answers',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: app.database.driver, cache: app.cache.kind };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.status(503).send({ status: 'error', database: app.database.driver, cache: app.cache.kind });
      }
    },
  );
};

export default healthRoutes;
