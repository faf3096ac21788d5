import fs from 'node:fs';
import path from 'node:path';
import { addFirstVisitHints } from './first-visit.mjs';
import { createApiProxy, createStaticServer } from './static-server.mjs';

export const remotes = [
  { name: 'catalog', dir: 'mf-catalog', offset: 1 },
  { name: 'cart', dir: 'mf-cart', offset: 2 },
  { name: 'account', dir: 'mf-account', offset: 3 },
  { name: 'admin', dir: 'mf-admin', offset: 4 },
];

/**
 * Serves the production builds: the shell (with /api proxied to the API and /remotes.json, the
 * runtime remote config) on `base`, and each remote on its own port as its own team would deploy it.
 *
 * @param {object} o
 * @param {string} o.root repository root
 * @param {number} o.base shell port; remotes use base+1..base+4
 * @param {string} o.apiUrl where the API listens
 * @param {string} [o.remotesFile] a JSON file that overrides remote URLs; read on every request
 * @param {string} [o.host] interface to listen on
 */
export async function serveStore(o) {
  const host = o.host ?? '127.0.0.1';
  const servers = [];
  const listen = (server, port) =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    });

  for (const remote of remotes) {
    const server = createStaticServer({ dir: path.join(o.root, remote.dir, 'dist'), cors: true });
    servers.push(await listen(server, o.base + remote.offset));
  }

  const proxy = createApiProxy(o.apiUrl);
  const remotesConfig = (req) => {
    if (o.remotesFile && fs.existsSync(o.remotesFile)) return fs.readFileSync(o.remotesFile, 'utf8');
    // Default: every remote on its own port of the host the browser used.
    const hostname = new URL(`http://${req.headers.host ?? 'localhost'}`).hostname;
    const config = Object.fromEntries(
      remotes.map((r) => [r.name, { entry: `http://${hostname}:${o.base + r.offset}/mf-manifest.json` }]),
    );
    return JSON.stringify(config, null, 2);
  };
  const firstVisitPage = (req) => ({
    headers: {},
    transform: (html) => addFirstVisitHints({ html, config: remotesConfig(req) }),
  });
  const shell = createStaticServer({
    dir: path.join(o.root, 'shell', 'dist'),
    spa: true,
    page: firstVisitPage,
    before(req, res) {
      if (proxy(req, res)) return true;
      if (req.url?.split('?')[0] === '/remotes.json') {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
        res.end(remotesConfig(req));
        return true;
      }
      return false;
    },
  });
  servers.push(await listen(shell, o.base));
  return {
    url: `http://localhost:${o.base}/`,
    close: () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))),
  };
}
