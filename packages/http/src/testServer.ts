import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (
  req: http.IncomingMessage,
  body: string,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * A real HTTP server on loopback for tests of code that calls the API (no mocked transport).
 * It answers CORS preflights, so jsdom's XMLHttpRequest (which enforces CORS) can reach it too.
 */
export async function startTestServer(handler: Handler) {
  const requests: {
    method: string;
    url: string;
    authorization?: string;
    headers: http.IncomingHttpHeaders;
    idempotencyKey?: string;
    body: string;
  }[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, Idempotency-Key',
      });
      res.end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        headers: req.headers,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body,
      });
      const answer = await handler(req, body);
      if (answer.body === undefined) {
        res.writeHead(answer.status);
        res.end();
        return;
      }
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/api/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
