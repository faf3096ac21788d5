import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

type ClientError = Error & { code?: string };

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser rejects (bad framing, an unknown method,
 * headers too large, too slow) is answered 400/408/431 with `Connection: close`, then the socket is
 * closed. Fastify's own handler closes the socket too but does not say so, so a proxy that keeps
 * connections to the API alive (nginx's `keepalive`) may send its next request down a socket that is
 * being closed and answer that request 502. Node's own handler sends the header; this keeps it.
 */
export function closeOnClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ detail: `${http.STATUS_CODES[status]}.` });
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
