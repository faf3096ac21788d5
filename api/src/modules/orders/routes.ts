import {
  checkoutOptionsSchema,
  checkoutSchema,
  errorSchema,
  myOrdersQuerySchema,
  orderSchema,
  ordersResponseSchema,
  stockShortageSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../lib/auth';
import { idempotencyKeyOf, REPLAYED_HEADER } from '../../lib/idempotency';
import { fieldErrorsSchema } from '../../lib/schemas';
import { invalidateCatalog } from '../catalog/service';
import { getOrder, listMyOrders } from './loadOrders';
import { confirmationMail } from './mail';
import { cancelOrder, checkoutOptions, placeOrder } from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const security = [{ bearerAuth: [] }];
const codedError = z.object({ detail: z.string(), code: z.string().optional() });

/** /api/users/me/checkout and /api/users/me/orders: the signed-in shopper's checkout and orders. */
const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  // Confirmation e-mails go out after the answer; the app waits for them only when it closes.
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...sending]);
  });

  app.get(
    '/checkout',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Checkout options for the current cart: delivery methods priced by the server, payment methods, the last address',
        security,
        response: { 200: checkoutOptionsSchema, 401: errorSchema },
      },
    },
    async (request) => checkoutOptions(app.db, currentUser(request).id),
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'My orders, newest first, paginated',
        security,
        querystring: myOrdersQuerySchema,
        response: { 200: ordersResponseSchema, 400: fieldErrorsSchema, 401: errorSchema },
      },
    },
    async (request) => listMyOrders(app.db, currentUser(request).id, request.query.page, request.query.page_size),
  );

  app.post(
    '/orders',
    {
      // The order claims its key and stores its answer in its own transaction (placeOrder): the
      // generic hook (lib/idempotency.ts), which works on the same table, leaves this route to it.
      config: { idempotency: 'handled by placeOrder, in the order transaction' },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order from the cart. Send an Idempotency-Key header (one per checkout attempt): a repeat answers the same order and status; the same key with another body answers 422.',
        security,
        body: checkoutSchema,
        response: {
          201: orderSchema,
          400: fieldErrorsSchema,
          401: errorSchema,
          409: z.union([stockShortageSchema, codedError]),
          422: codedError,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const placed = await placeOrder(app.db, user.id, request.body, key);
      if (placed.created) {
        await invalidateCatalog(app.cache); // stock changed
        const mail = confirmationMail(placed.order, app.config.publicUrl);
        const sent = app.mailer
          .send(mail)
          .catch((err: unknown) =>
            request.log.error({ err, order: placed.order.number }, 'order confirmation e-mail failed'),
          )
          .finally(() => sending.delete(sent));
        sending.add(sent);
      } else {
        reply.header(REPLAYED_HEADER, 'true');
      }
      return reply.status(placed.statusCode as 201).send(placed.order);
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of my orders',
        security,
        params: z.object({ id }),
        response: { 200: orderSchema, 400: fieldErrorsSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => getOrder(app.db, request.params.id, currentUser(request).id),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel one of my PENDING orders; its stock goes back',
        security,
        params: z.object({ id }),
        response: { 200: orderSchema, 400: fieldErrorsSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const order = await cancelOrder(app.db, currentUser(request).id, request.params.id);
      await invalidateCatalog(app.cache); // stock changed
      return order;
    },
  );
};

export default ordersRoutes;
