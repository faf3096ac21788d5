import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
};
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

/**
 * Serves a production build: precompressed .br/.gz siblings when the browser accepts them,
 * immutable caching for content-hashed files, no-cache for entry points and manifests.
 *
 * @param {object} o
 * @param {string} o.dir the build folder
 * @param {boolean} [o.spa] unknown paths without an extension get index.html (client routing)
 * @param {boolean} [o.cors] allow any origin (remotes are fetched cross-origin by the shell and integrators)
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => boolean} [o.before] handles a request first
 * @param {(req: http.IncomingMessage) => Page | Promise<Page>} [o.page]
 *   headers (and a rewrite) for every HTML page: the page is then built per response, never answered 304
 * @param {string} [o.prefix] a URL prefix the files are served under (`/builds`), stripped before the folder
 * @param {boolean} [o.immutable] every file is cached for a year (a folder whose files never change)
 * @typedef {{ headers: Record<string, string>, status?: number, transform?: (html: string) => string }} Page
 */
export function createStaticServer(o) {
  return http.createServer(createStaticHandler(o));
}

/** createStaticServer's request handler, to serve a folder from another server (`before`). */
export function createStaticHandler(o) {
  const dir = path.resolve(o.dir);
  // No stat cache: a team may publish a new build into the folder while it is served.
  const stat = (file) => {
    try {
      const s = fs.statSync(file);
      return s.isFile() ? { size: s.size, mtime: s.mtime.toUTCString() } : null;
    } catch {
      return null;
    }
  };

  return (req, res) => {
    if (o.cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    }
    if (o.before?.(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (req.method === 'OPTIONS' && o.cors) {
        res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
        return res.end();
      }
      res.writeHead(405, { Allow: 'GET, HEAD' });
      return res.end();
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (o.prefix) pathname = pathname.startsWith(`${o.prefix}/`) ? pathname.slice(o.prefix.length) : '/';
    } catch {
      res.writeHead(400);
      return res.end('Bad request');
    }
    let file = path.join(dir, pathname);
    if (!file.startsWith(dir)) {
      res.writeHead(403);
      return res.end();
    }
    if (pathname.endsWith('/')) file = path.join(file, 'index.html');
    let info = stat(file);
    if (!info && o.spa && !path.extname(pathname)) {
      file = path.join(dir, 'index.html');
      info = stat(file);
    }
    if (!info) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end('Not found');
    }
    const ext = path.extname(file);
    if (ext === '.html' && o.page) {
      const htmlFile = file;
      return void Promise.resolve(o.page(req)).then(
        (page) => sendPage(req, res, htmlFile, page),
        () => {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('The page could not be made');
        },
      );
    }
    const headers = {
      'Content-Type': types[ext] ?? 'application/octet-stream',
      'Cache-Control': o.immutable || HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      'Last-Modified': info.mtime,
    };
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = file;
    let size = info.size;
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ]) {
      const candidate = stat(file + suffix);
      if (candidate && accept.includes(encoding)) {
        headers['Content-Encoding'] = encoding;
        body = file + suffix;
        size = candidate.size;
        break;
      }
    }
    headers['Content-Length'] = size;
    if (req.headers['if-modified-since'] === info.mtime && !headers['Cache-Control'].includes('immutable')) {
      res.writeHead(304, headers);
      return res.end();
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    fs.createReadStream(body).pipe(res);
  };
}

/**
 * An HTML page whose headers and body are made for this response: no Last-Modified, so no 304 that
 * would pair a cached body with another response's rewrite; compressed on the fly (pages are small).
 */
function sendPage(req, res, file, page) {
  let html = fs.readFileSync(file, 'utf8');
  if (page.transform) html = page.transform(html);
  const headers = {
    'Cache-Control': 'no-cache',
    ...page.headers,
    'Content-Type': types['.html'],
    'X-Content-Type-Options': 'nosniff',
    Vary: ['Accept-Encoding', page.headers.Vary].filter(Boolean).join(', '),
  };
  const accept = String(req.headers['accept-encoding'] ?? '');
  let body = Buffer.from(html);
  if (accept.includes('br')) {
    body = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    headers['Content-Encoding'] = 'br';
  } else if (accept.includes('gzip')) {
    body = zlib.gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = body.length;
  res.writeHead(page.status ?? 200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Forwards /api/* to the API process (keep-alive), so the browser calls {host}/api/ as the spec says. */
export function createApiProxy(target) {
  const url = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return (req, res) => {
    if (!req.url?.startsWith('/api/') && req.url !== '/api') return false;
    const upstream = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.url,
        agent,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          'x-forwarded-host': req.headers.host ?? '',
          'x-forwarded-proto': 'http',
        },
      },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ detail: 'The store API is unavailable. Please try again shortly.' }));
    });
    req.pipe(upstream);
    return true;
  };
}
