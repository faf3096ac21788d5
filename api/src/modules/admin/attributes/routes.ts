import {
  adminAttributeInputSchema,
  adminAttributeListSchema,
  adminAttributeSchema,
  errorSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateCatalog } from '../../catalog/service';
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
    async (request, reply) => reply.status(201).send((await service.saveAttribute(app.db, request.body)).attribute),
  );
  app.put(
    '/attributes/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename an attribute or change its values (a rename reaches the variants that use it)',
        params,
        body: adminAttributeInputSchema,
        response: { 200: adminAttributeSchema, ...errors },
      },
    },
    async (request) => {
      const { attribute, variantsChanged } = await service.saveAttribute(app.db, request.body, request.params.id);
      // Product pages show attribute names: a rename that reached variants refreshes them.
      if (variantsChanged) await invalidateCatalog(app.cache);
      return attribute;
    },
  );
  app.delete(
    '/attributes/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an attribute no variant uses (409 while products use it)',
        params,
        response: { 204: z.null(), 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteAttribute(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default attributeRoutes;
