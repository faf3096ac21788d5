import {
  addToCartSchema,
  cartLineParamsSchema,
  cartResponseSchema,
  errorSchema,
  setCartQuantitySchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../lib/auth';
import {
  IDEMPOTENCY_HEADER,
  idempotencyKeyOf,
  idempotentChange,
  REPLAYED_HEADER,
  requestHash,
} from '../../lib/idempotency';
import { fieldErrorsSchema } from '../../lib/schemas';
import { addOne, clearCart, loadCart, removeLine, setQuantity } from './service';

const errors = { 400: fieldErrorsSchema, 401: errorSchema, 404: errorSchema };
const security = [{ bearerAuth: [] }];

/** The signed-in user's cart (under /api/products, as the spec's paths are). */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/add-to-cart',
    {
      // Adding is not safe to repeat: the key is claimed and the answer stored in the same transaction
      // as the new quantity (idempotentChange), so no kill -9 can leave the one without the other.
      config: { idempotency: 'handled in the change transaction (idempotentChange)' },
      schema: {
        tags: ['cart'],
        summary: 'Add one of a product variant to the cart',
        security,
        body: addToCartSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const claim = key ? { userId: user.id, key, requestHash: requestHash(request) } : undefined;
      const added = await idempotentChange(app.db, claim, async (t) => {
        await addOne(t, user.id, request.body.product_id, request.body.variant_id);
        return { message: 'Item added to cart.', cart: await loadCart(t, user.id) };
      });
      if (added.replayed) reply.header(REPLAYED_HEADER, 'true');
      return added.body;
    },
  );

  app.put(
    '/update-cart-item/:product_id/:variant_id',
    {
      schema: {
        tags: ['cart'],
        summary: "Set a cart line's quantity (0 or less removes it)",
        security,
        params: cartLineParamsSchema,
        body: setCartQuantitySchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { product_id, variant_id } = request.params;
      await setQuantity(app.db, user.id, product_id, variant_id, request.body.quantity);
      return { message: 'Cart updated.', cart: await loadCart(app.db, user.id) };
    },
  );

  app.delete(
    '/remove-from-cart/:product_id/:variant_id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a line from the cart',
        security,
        params: cartLineParamsSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await removeLine(app.db, user.id, request.params.product_id, request.params.variant_id);
      return { message: 'Item removed from cart.', cart: await loadCart(app.db, user.id) };
    },
  );

  app.delete(
    '/clear-cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Empty the cart',
        security,
        response: { 200: cartResponseSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await clearCart(app.db, user.id);
      return { message: 'Cart cleared.', cart: await loadCart(app.db, user.id) };
    },
  );
};

export default cartRoutes;
