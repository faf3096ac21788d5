import net from 'node:net';

/**
 * A TCP proxy a test owns, in front of the shared PostgreSQL or Redis, to stage outages without
 * touching the real server:
 * - `pass`: forwards both ways;
 * - `refuse`: nothing listens on the port (connection refused), open connections are reset;
 * - `hang`: connections are accepted but nothing goes through either way (a hung server or a
 *   black-holed network), including the connections already open.
 * Leaving `hang` resets the connections it held, as a peer coming back would.
 */
export type ProxyMode = 'pass' | 'refuse' | 'hang';

export interface TcpProxy {
  port: number;
  url(scheme: string, path?: string): string;
  mode(): ProxyMode;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

/** `listenPort` 0: a free port, chosen once and kept across `refuse` (tests share the machine). */
export async function startTcpProxy(target: { host: string; port: number }, listenPort = 0): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  let port = listenPort;
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const onConnection = (client: net.Socket) => {
    track(client);
    if (mode === 'hang') return; // held open, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('data', (chunk) => {
      if (mode === 'pass') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'pass') client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer(onConnection);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        port = (s.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  };

  await listen();
  return {
    get port() {
      return port;
    },
    url: (scheme, path = '') => `${scheme}://127.0.0.1:${port}${path}`,
    mode: () => mode,
    async setMode(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'refuse') {
        const closing = stopListening();
        resetAll();
        await closing;
        return;
      }
      if (previous === 'hang') resetAll();
      if (!server) await listen();
    },
    async close() {
      const closing = stopListening();
      resetAll();
      await closing;
    },
  };
}
