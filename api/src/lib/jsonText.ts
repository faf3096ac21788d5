import type { FastifyReply } from 'fastify';

declare const jsonOf: unique symbol;

/**
 * JSON text of a `T`, written ahead of the request (by the database, or kept in the page cache), so a
 * route sends it as it is instead of parsing and serialising it again. Fastify sends a string payload
 * without its serialiser, so the route's response schema is not applied to it at run time: the tests
 * check each such route's answers against its schema (catalog.test.ts, 'answers what the schemas say').
 *
 * Branded: only `jsonText` makes one, so neither plain text nor the JSON of another type is accepted.
 */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** Marks text as the JSON of a `T` (JSON.stringify of one, or SQL that writes one). */
export const jsonText = <T>(text: string) => text as JsonText<T>;

/**
 * Sends JSON text as the reply. `T` is the route's response type, so text of another type does not
 * compile; the reply is typed loosely here only because Fastify types a string payload out.
 */
export function sendJsonText<T>(reply: { type(contentType: string): FastifyReply }, json: JsonText<T>) {
  return reply.type('application/json; charset=utf-8').send(json);
}
