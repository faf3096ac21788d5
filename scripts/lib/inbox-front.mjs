// A loopback front for MailDev's web inbox that answers only the inbox's own pages (issue 32.3).
// MailDev allows any Origin with credentials (its REST API and its Socket.IO), so any web page open
// in a browser on the same machine could read the caught mail (reset links, order e-mails with names
// and addresses) and delete it; binding to 127.0.0.1 does not stop a browser. This front is what
// listens on the inbox's port; MailDev listens on an ephemeral loopback port behind it.
import http from 'node:http';
import net from 'node:net';

/**
 * Why a request to the inbox is refused, or undefined when it may pass. Allowed: no Origin header
 * (curl, tests, the API tests' and e2e's own reads), or the inbox's own origin; a browser's
 * cross-site or same-site request (another port of localhost is the same site) only as a top-level
 * GET navigation, i.e. a person opening the inbox. The Host must be the inbox's own (DNS rebinding).
 */
export function refusal(req, port) {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  if (!hosts.includes(req.headers.host ?? '')) return `open the inbox at http://127.0.0.1:${port}/`;
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((host) => origin === `http://${host}`)) {
    return 'the inbox answers no other origin';
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    const navigation =
      req.method === 'GET' &&
      req.headers['sec-fetch-mode'] === 'navigate' &&
      req.headers['sec-fetch-dest'] === 'document';
    if (!navigation) return 'the inbox answers no other site';
  }
  return undefined;
}

/** MailDev's answer headers, less what would let another origin read them or frame the inbox. */
function ownHeaders(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith('access-control-') && value !== undefined) out[name] = value;
  }
  out['x-frame-options'] = 'SAMEORIGIN';
  out['content-security-policy'] = "frame-ancestors 'self'";
  out['cross-origin-resource-policy'] = 'same-origin';
  return out;
}

/** Starts the front on `host:port`, forwarding to MailDev's web server on 127.0.0.1:`targetPort`. */
export function startInboxFront({ host = '127.0.0.1', port, targetPort }) {
  const server = http.createServer((req, res) => {
    const why = refusal(req, port);
    if (why) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', vary: 'Origin' });
      res.end(`Forbidden: ${why}.\n`);
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, ownHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The mail catcher is not answering.\n');
    });
    req.pipe(upstream);
  });
  // MailDev's live updates (Socket.IO over WebSocket): the same rule before the upgrade.
  server.on('upgrade', (req, socket, head) => {
    const why = refusal(req, port);
    if (why) {
      socket.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nForbidden: ${why}.\n`);
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
