import { integrationKeyCreateSchema, integrationKeyListSchema, integrationKeySchema } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, params, security, tags } from '../shared';
import * as service from './service';

/** /api/admin/integrations: publishable integrator keys (the embed's), with their statistics. */
const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations',
    {
      schema: {
        tags,
        security,
        summary: 'Integrator keys, newest first, each with views, add-to-carts, orders and revenue',
        response: { 200: integrationKeyListSchema, ...errors },
      },
    },
    async () => service.listKeys(app.db),
  );
  app.post(
    '/integrations',
    {
      schema: {
        tags,
        security,
        summary:
          'Create an integrator key: a name, the origins allowed to embed with it, maybe a category and an expiry',
        body: integrationKeyCreateSchema,
        response: { 201: integrationKeySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createKey(app.db, request.body)),
  );
  app.post(
    '/integrations/:id/revoke',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a key (every API process refuses it within EMBED_KEY_CACHE_SECONDS)',
        params,
        response: { 200: integrationKeySchema, ...errors },
      },
    },
    async (request) => service.revokeKey(app.db, app.embedKeys, request.params.id),
  );
};

export default integrationRoutes;
