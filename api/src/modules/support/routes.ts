import { contactMessageSchema, errorSchema, messageSchema, newsletterSubscribeSchema } from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../lib/auth';
import { fieldErrorsSchema as fieldErrors } from '../../lib/schemas';
import { createMessage, subscribe } from './service';

export const NEWSLETTER_THANKS = 'Thanks for subscribing! Look out for our next newsletter.';
export const CONTACT_THANKS = 'Thanks! Your message has been sent. We will reply within one business day.';

/** A signed-in visitor is recognised (their account is attached); a missing token is fine here. */
async function optionalUser(request: FastifyRequest) {
  if (!request.headers.authorization) return null;
  await authenticate(request);
  return request.account;
}

/**
 * /api/support/messages and /api/newsletter/subscribe: what the shell's Contact Us dialog and footer
 * send. Public, rate limited per client like the auth routes.
 */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };

  app.post(
    '/support/messages',
    {
      config: limited,
      schema: {
        tags: ['support'],
        summary: 'Send a message to support (Contact Us); signed out, an e-mail to reply to is required',
        body: contactMessageSchema,
        response: {
          201: z.object({ id: z.number().int(), message: z.string() }),
          400: fieldErrors,
          401: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await optionalUser(request);
      const id = await createMessage(app.db, request.body, account);
      return reply.status(201).send({ id, message: CONTACT_THANKS });
    },
  );

  app.post(
    '/newsletter/subscribe',
    {
      config: limited,
      schema: {
        tags: ['support'],
        summary: 'Subscribe to the newsletter (consent recorded; the same answer whether or not already subscribed)',
        body: newsletterSubscribeSchema,
        response: { 200: messageSchema, 400: fieldErrors, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const account = await optionalUser(request);
      await subscribe(app.db, request.body.email, account?.id ?? null);
      return { message: NEWSLETTER_THANKS };
    },
  );
};

export default supportRoutes;
