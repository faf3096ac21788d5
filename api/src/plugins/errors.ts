import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER, DATABASE_UNAVAILABLE, HttpError, isDatabaseUnavailable } from '../lib/errors';

/** Turns validation issues into `{detail, field: [messages]}` (DRF style). */
function validationBody(error: FastifyError): Record<string, unknown> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const key =
      path ||
      (error.validationContext === 'body' ? 'non_field_errors' : (error.validationContext ?? 'non_field_errors'));
    (fields[key] ??= []).push(issue.message ?? 'Invalid value');
  }
  const first = Object.entries(fields)[0];
  const detail = first
    ? first[0] === 'non_field_errors'
      ? first[1][0]
      : `${first[0]}: ${first[1][0]}`
    : 'Invalid input.';
  return { detail, ...fields };
}

/** How long a 429 waits before it is sent (AppConfig.throttleDelayMs). */
export const THROTTLE_DELAY_MS = 250;
/** At most this many throttled answers wait at once in a process; beyond, they leave at once. */
const MAX_HELD = 5000;

/**
 * Every error answers `{detail, ...}`: the API's own HttpErrors as thrown, validation as DRF-style field
 * lists, an unreachable database as 503 with Retry-After, input PostgreSQL cannot store as 400, and
 * anything unexpected as a logged 500 without internals. Unknown routes answer 404 `{detail}`.
 */
async function errors(app: FastifyInstance) {
  let held = 0;
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // A throttled client's answer leaves after a pause: a client sending as fast as it is answered
      // (16 connections in a loop) then sends 64 requests a second, not thousands (issue 32.1).
      const delay = error.statusCode === 429 ? (request.server.config?.throttleDelayMs ?? THROTTLE_DELAY_MS) : 0;
      if (delay > 0 && held < MAX_HELD) {
        held += 1;
        await new Promise((resolve) => setTimeout(resolve, delay)).finally(() => (held -= 1));
      }
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) return reply.status(400).send(validationBody(error));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error.' });
    }
    // The database is down or hung: say so and when to retry, instead of a bare 500.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER))
        .send({ detail: DATABASE_UNAVAILABLE });
    }
    // Input PostgreSQL cannot store (a NUL byte, an out-of-range number): the client's fault, not ours.
    const sqlState = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? error.code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      return reply.status(400).send({ detail: 'Invalid input.' });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'Internal server error.' });
    }
    // Fastify's own 4xx (bad JSON, too large, unsupported type, rate limit): message only, no stack.
    return reply.status(status).send({ detail: error.message });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ detail: 'Not found.' }));
}

export default fp(errors, { name: 'errors' });
