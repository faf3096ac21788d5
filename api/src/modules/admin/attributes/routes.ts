import { adminAttributeInputSchema, adminAttributeListSchema, adminAttributeSchema } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, params, security, tags } from '../shared';
import * as service from './service';

/** /api/admin/attributes: the attribute names and values variants are described with. */
const attributeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/attributes',
    {
      schema: {
        tags,
        security,
        summary: 'Attributes with their values',
        response: { 200: adminAttributeListSchema, ...errors },
      },
    },
    async () => service.listAttributes(app.db),
  );
  app.post(
    '/attributes',
    {
      schema: {
        tags,
        security,
        summary: 'Create an attribute',
        body: adminAttributeInputSchema,
        response: { 201: adminAttributeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.saveAttribute(app.db, request.body)),
  );
  app.put(
    '/attributes/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update an attribute',
        params,
        body: adminAttributeInputSchema,
        response: { 200: adminAttributeSchema, ...errors },
      },
    },
    async (request) => service.saveAttribute(app.db, request.body, request.params.id),
  );
  app.delete(
    '/attributes/:id',
    { schema: { tags, security, summary: 'Delete an attribute', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.deleteAttribute(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default attributeRoutes;
