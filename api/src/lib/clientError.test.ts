import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../test/fixture';

/** Sends raw bytes on one connection; resolves with everything the server sent before it closed. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no close within 10 s; got ${answer}`)));
  });
}

/** A request the HTTP parser rejects is answered, and the answer says the connection closes. */
describe('client errors (requests the HTTP parser rejects)', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildApp(testConfig({ seed: 'none' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  it.each([
    ['an unknown method', 'BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n'],
    [
      'a body both chunked and sized',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['garbage', '{"a":1}\r\n\r\n'],
  ])('%s: 400 with Connection: close, then the socket is closed', async (_name, bytes) => {
    const answer = await raw(port, bytes);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/\r\nconnection: close(\r\n|$)/i);
    expect(JSON.parse(body!)).toEqual({ detail: 'Bad Request.' });
  });

  it('a well-formed request on a kept-alive connection is still answered without closing it', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('GET /api/nothing-here HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      socket.setEncoding('latin1');
      socket.once('data', (chunk: string) => {
        socket.destroy();
        resolve(chunk);
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toMatch(/\r\nconnection: keep-alive\r\n/i);
  });
});
