import { errorSchema, handoffRedeemedSchema } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../lib/auth';
import { redeemHandoff } from './service';

/** /api/users/me/handoffs/{id}: the store's hand-off page puts an embed's item in the shopper's cart. */
const handoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  app.post(
    '/:id',
    {
      schema: {
        tags: ['embed'],
        summary: "Redeem a hand-off: its variant goes into the cart, the line marked with the integrator's key",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().regex(/^[\w-]{8,64}$/) }),
        response: { 200: handoffRedeemedSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => redeemHandoff(app.db, currentUser(request).id, request.params.id),
  );
};

export default handoffRoutes;
