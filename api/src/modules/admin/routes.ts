import {
  adminAttributeInputSchema,
  adminAttributeListSchema,
  adminAttributeSchema,
  adminCategoryInputSchema,
  adminCategoryListSchema,
  adminCategorySchema,
  adminCustomerDetailSchema,
  adminCustomerListQuerySchema,
  adminCustomerListResponseSchema,
  adminCustomerUpdateSchema,
  adminDashboardSchema,
  adminIdParamsSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderStatusUpdateSchema,
  adminPayLaterQuerySchema,
  adminProductInputSchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductSchema,
  adminPublishSchema,
  errorSchema,
  orderSchema,
  payLaterItemSchema,
  payLaterListResponseSchema,
  supportMessageListQuerySchema,
  supportMessageListSchema,
} from '@store/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { authenticateAdmin, currentUser } from '../../lib/auth';
import { invalidateCatalog } from '../catalog/service';
import { getOrder } from '../orders/service';
import { listMessages } from '../support/service';
import { removeProductFiles } from './products/images';
import productImageRoutes from './products/imageRoutes';
import * as admin from './service';
import { storageDirOf } from '../../lib/storage';

import { fieldErrorsSchema as fieldErrors } from '../../lib/schemas';
const security = [{ bearerAuth: [] }];
const errors = { 400: fieldErrors, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['admin'];
const params = adminIdParamsSchema;

/** /api/admin/*: every route behind one hook: 401 without a token, 403 unless the role is ADMIN. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticateAdmin);

  const actorEmail = async (id: number) => {
    const [row] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1);
    return row?.email ?? null;
  };
  // Product and category changes alter cached catalogue pages and the category list.
  const changed = () => invalidateCatalog(app.cache);

  app.get(
    '/dashboard',
    { schema: { tags, security, summary: 'Dashboard figures', response: { 200: adminDashboardSchema, ...errors } } },
    async () => admin.dashboard(app.db),
  );

  // products
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
    async (request) => admin.listAdminProducts(app.db, request.query),
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
      const product = await admin.createProduct(
        app.db,
        request.body,
        (await actorEmail(currentUser(request).id)) ?? 'admin',
      );
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
    async (request) => admin.adminProduct(app.db, request.params.id),
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
      const product = await admin.updateProduct(
        app.db,
        request.params.id,
        request.body,
        (await actorEmail(currentUser(request).id)) ?? 'admin',
      );
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
      const product = await admin.setPublished(
        app.db,
        request.params.id,
        request.body.published,
        (await actorEmail(currentUser(request).id)) ?? 'admin',
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
      await admin.deleteProduct(app.db, request.params.id);
      await removeProductFiles(storageDirOf(app.config), request.params.id);
      await changed();
      return reply.status(204).send(null);
    },
  );

  // product images (upload, reorder, remove)
  await app.register(productImageRoutes);

  // attributes
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
    async () => admin.listAttributes(app.db),
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
    async (request, reply) => reply.status(201).send(await admin.saveAttribute(app.db, request.body)),
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
    async (request) => admin.saveAttribute(app.db, request.body, request.params.id),
  );
  app.delete(
    '/attributes/:id',
    { schema: { tags, security, summary: 'Delete an attribute', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await admin.deleteAttribute(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // categories
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
    async () => admin.listCategories(app.db),
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
      const category = await admin.saveCategory(app.db, request.body);
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
      const category = await admin.saveCategory(app.db, request.body, request.params.id);
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
      await admin.deleteCategory(app.db, request.params.id);
      await changed();
      return reply.status(204).send(null);
    },
  );

  // customers
  app.get(
    '/customers',
    {
      schema: {
        tags,
        security,
        summary: 'Customers (role REGULAR)',
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerListResponseSchema, ...errors },
      },
    },
    async (request) => admin.listCustomers(app.db, request.query),
  );
  app.get(
    '/customers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A customer with their orders',
        params,
        response: { 200: adminCustomerDetailSchema, ...errors },
      },
    },
    async (request) => admin.customerDetail(app.db, request.params.id),
  );
  app.patch(
    '/customers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate (deactivating ends their sessions)',
        params,
        body: adminCustomerUpdateSchema,
        response: { 200: adminCustomerDetailSchema, ...errors },
      },
    },
    async (request) =>
      admin.setCustomerActive(app.db, request.params.id, request.body.is_active, currentUser(request).id),
  );

  // orders
  app.get(
    '/orders',
    {
      schema: {
        tags,
        security,
        summary: 'Orders, newest first',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema, ...errors },
      },
    },
    async (request) => admin.listOrders(app.db, request.query),
  );
  app.get(
    '/orders/:id',
    { schema: { tags, security, summary: 'Order details', params, response: { 200: orderSchema, ...errors } } },
    async (request) => getOrder(app.db, request.params.id),
  );
  app.patch(
    '/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change the status',
        params,
        body: adminOrderStatusUpdateSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => admin.setOrderStatus(app.db, request.params.id, request.body.status),
  );

  // pay later
  app.get(
    '/pay-later',
    {
      schema: {
        tags,
        security,
        summary: 'Pay-later items (outstanding by default)',
        querystring: adminPayLaterQuerySchema,
        response: { 200: payLaterListResponseSchema, ...errors },
      },
    },
    async (request) => admin.listPayLater(app.db, request.query),
  );
  app.post(
    '/pay-later/:id/mark-paid',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a pay-later item paid (idempotent)',
        params,
        response: { 200: payLaterItemSchema, ...errors },
      },
    },
    async (request) => admin.markPaid(app.db, request.params.id),
  );

  // support inbox (Contact Us messages)
  app.get(
    '/support/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Messages sent through Contact Us, newest first',
        querystring: supportMessageListQuerySchema,
        response: { 200: supportMessageListSchema, ...errors },
      },
    },
    async (request) => listMessages(app.db, request.query),
  );
};

export default adminRoutes;
