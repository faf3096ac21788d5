// A TCP proxy the resilience suite owns: it stands between the cluster and PostgreSQL, Redis or a
// remote's static server, so the suite can make one of them unreachable without touching the
// shared service itself, and drop the answer of a chosen request.
import net from 'node:net';

/**
 * @param {object} o
 * @param {number} o.port where the proxy listens (127.0.0.1)
 * @param {number} o.targetPort where it forwards to (127.0.0.1)
 * @param {string} [o.targetHost]
 */
export async function startTcpProxy(o) {
  const targetHost = o.targetHost ?? '127.0.0.1';
  const sockets = new Set();
  /** Matchers for requests whose answer is to be lost once: { test(firstBytes) , resolve }. */
  const drops = [];
  const watches = [];
  let server = null;

  const handle = (client) => {
    const upstream = net.connect(o.targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    let dropping = false;
    client.on('data', (chunk) => {
      const text = chunk.toString('latin1');
      for (const watch of watches) watch.count += [...text.matchAll(watch.pattern)].length;
      const index = drops.findIndex((d) => d.pattern.test(text));
      if (index !== -1) {
        dropping = true;
        drops.splice(index, 1)[0].resolve();
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (dropping) {
        // The request reached the server and it answered: the answer is lost on the way back.
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  };

  const up = () =>
    new Promise((resolve, reject) => {
      if (server) return resolve();
      server = net.createServer(handle);
      server.once('error', reject);
      server.listen(o.port, '127.0.0.1', () => resolve());
    });
  /** Unreachable: no new connections (refused) and every open one cut. */
  const down = () =>
    new Promise((resolve) => {
      const closing = server;
      server = null;
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (!closing) return resolve();
      closing.close(() => resolve());
    });

  await up();
  return {
    port: o.port,
    url: (scheme, rest = '') => `${scheme}://${rest}127.0.0.1:${o.port}`,
    up,
    down,
    get isUp() {
      return server !== null;
    },
    /** The next request whose bytes match `pattern` is forwarded, and its answer dropped. */
    dropAnswerOnce(pattern) {
      return new Promise((resolve) => drops.push({ pattern, resolve }));
    },
    /** Counts requests matching `pattern` (global regex) from now on. */
    watch(pattern) {
      const watch = { pattern, count: 0 };
      watches.push(watch);
      return watch;
    },
    close: down,
  };
}
