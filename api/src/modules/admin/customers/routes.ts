import {
  adminCustomerDetailSchema,
  adminCustomerListQuerySchema,
  adminCustomerListResponseSchema,
  adminCustomerUpdateSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../lib/auth';
import { errors, params, security, tags } from '../shared';
import * as service from './service';

/** /api/admin/customers: shoppers (role REGULAR), their orders, deactivation. */
const customerRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => service.listCustomers(app.db, request.query),
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
    async (request) => service.customerDetail(app.db, request.params.id),
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
      service.setCustomerActive(app.db, request.params.id, request.body.is_active, currentUser(request).id),
  );
};

export default customerRoutes;
