import {
  addToWishlistSchema,
  changePasswordSchema,
  errorSchema,
  messageSchema,
  profileUpdateSchema,
  userProfileSchema,
  wishlistResponseSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../lib/auth';
import { countAttempt } from '../../lib/limiter';
import * as users from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
import { fieldErrorsSchema as fieldErrors } from '../../lib/schemas';
const security = [{ bearerAuth: [] }];
const errors = { 400: fieldErrors, 401: errorSchema, 404: errorSchema };

/**
 * The password change costs an argon2 verification, so like sign-in it is limited per client
 * (AUTH_RATE_LIMIT a minute, counted before the token is even read: a flooding client costs no
 * database work) and per account (AUTH_ACCOUNT_LIMIT wrong current passwords in 15 minutes, so a
 * stolen access token cannot guess without end); the argon2 work shares the process's budget
 * (503 with Retry-After beyond it, lib/passwords.ts).
 */
const changePasswordRoute: FastifyPluginAsyncZod = async (scope) => {
  scope.addHook(
    'onRequest',
    scope.rateLimit({
      max: scope.config.authRateLimit,
      timeWindow: '1 minute',
      keyGenerator: (request) => `change-password:${request.ip}`,
    }),
  );
  scope.addHook('onRequest', authenticate);

  scope.post(
    '/me/change-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the password (the current one is required)',
        security,
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errors, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const accountKey = `change-password:${user.id}`;
      await countAttempt(scope.limiter, accountKey, scope.config.authAccountLimit, scope.config.authAccountWindowMs);
      await users.changePassword(scope.db, user, request.body.current_password, request.body.new_password);
      await scope.limiter.reset(accountKey);
      return { message: 'Password updated successfully.' };
    },
  );
};

/** Everything else: authenticated as a whole subtree. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The profile with the cart',
        security,
        response: { 200: userProfileSchema, 401: errorSchema },
      },
    },
    async (request) => users.profile(app.db, currentUser(request).id, request.account),
  );

  app.patch(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Update names',
        security,
        body: profileUpdateSchema,
        response: { 200: userProfileSchema, ...errors },
      },
    },
    async (request) => users.updateProfile(app.db, currentUser(request).id, request.body),
  );

  app.get(
    '/me/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'The wishlist',
        security,
        response: { 200: wishlistResponseSchema, 401: errorSchema },
      },
    },
    async (request) => users.wishlist(app.db, currentUser(request).id),
  );

  app.post(
    '/me/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Add a product to the wishlist (idempotent); answers the whole list',
        security,
        body: addToWishlistSchema,
        response: { 200: wishlistResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await users.addToWishlist(app.db, user.id, request.body.product_id);
      return users.wishlist(app.db, user.id);
    },
  );

  app.delete(
    '/me/wishlist/:product_id',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a product from the wishlist; answers the whole list',
        security,
        params: z.object({ product_id: id }),
        response: { 200: wishlistResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await users.removeFromWishlist(app.db, user.id, request.params.product_id);
      return users.wishlist(app.db, user.id);
    },
  );
};

/** /api/users/me/*: always the caller's own data (the user id comes from the token, never the URL). */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(changePasswordRoute);
  await app.register(accountRoutes);
};

export default usersRoutes;
