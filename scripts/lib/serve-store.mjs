import fs from 'node:fs';
import path from 'node:path';
import { crawlerFile } from './server-render.mjs';
import { createShellPages, perVisitor } from './shell-pages.mjs';
import { createApiProxy, createStaticHandler, createStaticServer } from './static-server.mjs';

// The remotes and their port offsets: the one table in packages/federation/src/apps.mjs.
import { remotes } from '../../packages/federation/src/apps.mjs';

export { remotes };

export { VISITOR_COOKIE } from './shell-pages.mjs';

/**
 * Serves the production builds: the shell (with /api proxied to the API and /remotes.json, the
 * runtime remote config) on `base`, and each remote on its own port as its own team would deploy it.
 *
 * @param {object} o
 * @param {string} o.root repository root
 * @param {number} o.base shell port; remotes use base+1..base+4
 * @param {string} o.apiUrl where the API listens
 * @param {string} [o.publicUrl] the store's public origin (default http://localhost:{base}); the default
 *   remote config puts each remote on its own port of this host, never of the request's Host header
 * @param {string} [o.remotesFile] a JSON file that overrides remote URLs; read on every request
 * @param {string} [o.releasesDir] released builds (`pnpm release`), served under /builds/, immutable
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
  // Default: every remote on its own port of the public host. A request's Host header is the
  // client's to choose, so it never decides where the page loads its scripts from.
  const publicUrl = new URL(o.publicUrl ?? `http://localhost:${o.base}`);
  const defaultConfig = JSON.stringify(
    Object.fromEntries(
      remotes.map((r) => [
        r.name,
        { entry: `${publicUrl.protocol}//${publicUrl.hostname}:${o.base + r.offset}/mf-manifest.json` },
      ]),
    ),
    null,
    2,
  );
  const baseConfig = () =>
    o.remotesFile && fs.existsSync(o.remotesFile) ? fs.readFileSync(o.remotesFile, 'utf8') : defaultConfig;
  const { remotesConfig, shellPage } = createShellPages({
    root: o.root,
    apiUrl: o.apiUrl,
    publicUrl: publicUrl.origin,
    baseConfig,
  });
  const builds = o.releasesDir
    ? createStaticHandler({ dir: o.releasesDir, prefix: '/builds', immutable: true, cors: true })
    : null;
  const shell = createStaticServer({
    dir: path.join(o.root, 'shell', 'dist'),
    spa: true,
    page: shellPage,
    before(req, res) {
      if (proxy(req, res)) return true;
      const pathname = req.url?.split('?')[0];
      const crawler = crawlerFile(pathname ?? '');
      if (crawler) {
        req.url = crawler;
        return proxy(req, res);
      }
      // An integrator's page loads embed.js (a module script: a CORS request) and reads the remote
      // config from any origin; both are public.
      if (pathname === '/embed.js' || pathname === '/remotes.json') {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      }
      if (pathname === '/remotes.json') {
        void remotesConfig(req).then(({ config, setCookie }) => {
          res.writeHead(200, {
            'Content-Type': 'application/json; charset=utf-8',
            ...perVisitor,
            'X-Content-Type-Options': 'nosniff',
            ...(setCookie ? { 'Set-Cookie': setCookie } : {}),
          });
          res.end(config);
        });
        return true;
      }
      if (builds && req.url?.startsWith('/builds/')) {
        builds(req, res);
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
