import {
  supportMessageListQuerySchema,
  supportMessageListSchema,
  supportMessageSchema,
  supportMessageUpdateSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, params, security, tags } from '../shared';
import * as service from './service';

/** /api/admin/support/messages: the Contact Us inbox; staff mark a message answered once handled. */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => service.listMessages(app.db, request.query),
  );
  app.patch(
    '/support/messages/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a message answered (handled) or open again',
        params,
        body: supportMessageUpdateSchema,
        response: { 200: supportMessageSchema, ...errors },
      },
    },
    async (request) => service.setMessageStatus(app.db, request.params.id, request.body.status),
  );
};

export default supportRoutes;
