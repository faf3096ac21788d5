import { adminCategoryInputSchema, adminCategoryListSchema, adminCategorySchema, errorSchema } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateCatalog } from '../../catalog/service';
import { errors, params, security, tags } from '../shared';
import * as service from './service';

/** /api/admin/categories: changes refresh the cached category list and catalogue pages. */
const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // The storefront's category list and catalogue pages are cached.
  const changed = () => invalidateCatalog(app.cache);

  app.get(
    '/categories',
    {
      schema: {
        tags,
        security,
        summary: 'Categories with product counts',
        response: { 200: adminCategoryListSchema, ...errors },
      },
    },
    async () => service.listCategories(app.db),
  );
  app.post(
    '/categories',
    {
      schema: {
        tags,
        security,
        summary: 'Create a category',
        body: adminCategoryInputSchema,
        response: { 201: adminCategorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const category = await service.saveCategory(app.db, request.body);
      await changed();
      return reply.status(201).send(category);
    },
  );
  app.put(
    '/categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a category',
        params,
        body: adminCategoryInputSchema,
        response: { 200: adminCategorySchema, ...errors },
      },
    },
    async (request) => {
      const category = await service.saveCategory(app.db, request.body, request.params.id);
      await changed();
      return category;
    },
  );
  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an empty category (409 while it has products)',
        params,
        response: { 204: z.null(), 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteCategory(app.db, request.params.id);
      await changed();
      return reply.status(204).send(null);
    },
  );
};

export default categoryRoutes;
