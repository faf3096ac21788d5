import {
  adminProductInputSchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductSchema,
  adminPublishSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../../db/schema';
import { invalidateCatalog } from '../../catalog/service';
import { currentUser } from '../../../lib/auth';
import { errors, params, security, tags } from '../shared';
import { storageDirOf } from '../../../lib/storage';
import productImageRoutes from './imageRoutes';
import { removeProductFiles } from './images';
import * as service from './service';

/** /api/admin/products: the catalogue as staff see it (unpublished included); changes refresh the cached storefront pages. */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Who made the change (kept as created_by / last_modified_by). */
  const actor = async (request: FastifyRequest) => {
    const [row] = await app.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, currentUser(request).id))
      .limit(1);
    return row?.email ?? 'admin';
  };
  const changed = () => invalidateCatalog(app.cache);

  app.get(
    '/products',
    {
      schema: {
        tags,
        security,
        summary: 'All products (published or not)',
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListResponseSchema, ...errors },
      },
    },
    async (request) => service.listAdminProducts(app.db, request.query),
  );
  app.post(
    '/products',
    {
      schema: {
        tags,
        security,
        summary: 'Create a product with its variants',
        body: adminProductInputSchema,
        response: { 201: adminProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      const product = await service.createProduct(app.db, request.body, await actor(request));
      await changed();
      return reply.status(201).send(product);
    },
  );
  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One product (published or not)',
        params,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    async (request) => service.adminProduct(app.db, request.params.id),
  );
  app.put(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Replace a product and its variants (variants with an id are updated, without are created, missing are deleted)',
        params,
        body: adminProductInputSchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    async (request) => {
      const product = await service.updateProduct(app.db, request.params.id, request.body, await actor(request));
      await changed();
      return product;
    },
  );
  app.patch(
    '/products/:id/publish',
    {
      schema: {
        tags,
        security,
        summary: 'Publish or unpublish',
        params,
        body: adminPublishSchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    async (request) => {
      const product = await service.setPublished(
        app.db,
        request.params.id,
        request.body.published,
        await actor(request),
      );
      await changed();
      return product;
    },
  );
  app.delete(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a product (orders keep their lines)',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteProduct(app.db, request.params.id);
      await removeProductFiles(storageDirOf(app.config), request.params.id);
      await changed();
      return reply.status(204).send(null);
    },
  );

  // Its images: upload, reorder, remove (/products/:id/images).
  await app.register(productImageRoutes);
};

export default productRoutes;
