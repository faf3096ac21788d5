import { supportMessageListQuerySchema, supportMessageListSchema } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, security, tags } from '../shared';
import * as service from './service';

/** /api/admin/support/messages: the Contact Us inbox. */
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
};

export default supportRoutes;
