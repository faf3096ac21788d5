import {
  adminPayLaterQuerySchema,
  errorSchema,
  payLaterItemSchema,
  payLaterListResponseSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, params, security, tags } from '../shared';
import * as service from './service';

/** /api/admin/pay-later: pay-later invoices, outstanding or paid. */
const payLaterRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => service.listPayLater(app.db, request.query),
  );
  app.post(
    '/pay-later/:id/mark-paid',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a pay-later item paid (idempotent; 409 for a cancelled order)',
        params,
        response: { 200: payLaterItemSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => service.markPaid(app.db, request.params.id),
  );
};

export default payLaterRoutes;
