import {
  accountSchema,
  errorSchema,
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  messageSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  tokensSchema,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../users/account';
import { countAttempt } from '../../lib/limiter';
import * as auth from './service';

/** Sign-up answers with who the account is (not yet its state: active, joined). */
const registeredUserSchema = accountSchema.omit({ is_active: true, date_joined: true });
import { fieldErrorsSchema as fieldErrors } from '../../lib/schemas';

/**
 * /api/auth: public; every change is rate limited per client (`AUTH_RATE_LIMIT` a minute), refresh
 * excepted (a tab refreshes on its own schedule; a reused token ends its session anyway). Sign-in and
 * sign-up also share the process's argon2 budget (lib/passwords.ts): 503 with Retry-After beyond it.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };

  app.post(
    '/login',
    {
      // Each sign-in mints new tokens, and tokens are never stored: Idempotency-Key does not apply.
      config: { ...limited, idempotency: 'a repeat must mint fresh tokens; tokens are not stored' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginSchema,
        response: { 200: tokensSchema, 400: fieldErrors, 401: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      // Per account, whatever the IP: counted before the password is checked (parallel guesses
      // cannot slip past), cleared by a successful sign-in, so it counts failures.
      const accountKey = `login-account:${auth.normaliseEmail(request.body.email)}`;
      await countAttempt(app.limiter, accountKey, app.config.authAccountLimit, app.config.authAccountWindowMs);
      const tokens = await auth.login(app.db, app.tokens, request.body.email, request.body.password);
      await app.limiter.reset(accountKey);
      return { ...tokens, message: 'Login Successful!' };
    },
  );

  app.post(
    '/register',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Create a shopper account (the sign-up form rules apply)',
        body: registerSchema,
        response: {
          201: z.object({ message: z.string(), user: registeredUserSchema }),
          400: fieldErrors,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await auth.register(app.db, request.body);
      return reply.status(201).send({
        message: 'User registered successfully.',
        user: accountOf(user),
      });
    },
  );

  app.post(
    '/refresh-token',
    {
      // Rotation is the point: a repeated refresh is a reuse (and revokes the family), never a replay.
      config: { idempotency: 'rotation: a repeated refresh token is a reuse, not a retry' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for new tokens (rotation; reuse revokes the session)',
        body: refreshSchema,
        response: { 200: tokensSchema, 400: fieldErrors, 401: errorSchema },
      },
    },
    async (request) => auth.refresh(app.db, app.tokens, request.body.refreshToken),
  );

  app.post(
    '/logout',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: "Revoke the refresh token's session",
        body: logoutSchema,
        response: { 200: messageSchema, 400: fieldErrors, 429: errorSchema },
      },
    },
    async (request) => {
      await auth.logout(app.db, request.body.refreshToken);
      return { message: 'Logged out.' };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (the answer never tells whether the e-mail exists)',
        body: forgotPasswordSchema,
        response: { 200: messageSchema, 400: fieldErrors, 429: errorSchema },
      },
    },
    async (request) => {
      await auth.forgotPassword(app.db, app.mailer, request.log, app.config.publicUrl, request.body.email);
      return { message: 'If an account exists for this e-mail, we have sent a link to reset the password.' };
    },
  );

  app.post(
    '/reset-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token (single use, valid 1 hour)',
        body: resetPasswordSchema,
        response: { 200: messageSchema, 400: fieldErrors, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      await auth.resetPassword(app.db, request.body.token, request.body.password);
      return { message: 'Your password has been reset. You can now sign in.' };
    },
  );
};

export default authRoutes;
