import {
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderStatusUpdateSchema,
  errorSchema,
  orderSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidateCatalog } from '../../catalog/service';
import { getOrder } from '../../orders/loadOrders';
import { errors, params, security, tags } from '../shared';
import * as service from './service';

/** /api/admin/orders: every shopper's orders and their status. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => service.listOrders(app.db, request.query),
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
        summary: 'Move the status along the allowed transitions (409 otherwise); cancelling puts the stock back',
        params,
        body: adminOrderStatusUpdateSchema,
        response: { 200: orderSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const order = await service.setOrderStatus(app.db, request.params.id, request.body.status);
      // A cancel put stock back: the storefront's cached pages must not keep the old figure.
      if (order.status === 'CANCELLED') await invalidateCatalog(app.cache);
      return order;
    },
  );
};

export default orderRoutes;
