// node --test scripts/lib/mail-catcher.test.mjs: the mail catcher's inbox answers only its own pages,
// and it never runs in production (issue 32.3). The browser's view of it: e2e/mail-inbox.spec.ts.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_REFUSAL, startMailCatcher } from './mail-catcher.mjs';

const script = fileURLToPath(new URL('./mail-catcher.mjs', import.meta.url));

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A raw request (fetch would not let a test set Host or the Sec-Fetch headers). */
const send = (port, { method = 'GET', path = '/api/email', headers = {} } = {}) =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

let child;
let smtp;
let web;

before(async () => {
  [smtp, web] = [await freePort(), await freePort()];
  child = spawn(process.execPath, [script, '--smtp', String(smtp), '--web', String(web)], { stdio: 'ignore' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await send(web, { path: '/api/healthz' })).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the mail catcher did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
});

after(() => child?.kill('SIGTERM'));

test('reads without an Origin (tools, the tests) and from its own origin, with no CORS headers', async () => {
  for (const headers of [{}, { origin: `http://127.0.0.1:${web}` }, { 'sec-fetch-site': 'same-origin' }]) {
    const res = await send(web, { headers });
    assert.equal(res.status, 200, JSON.stringify(headers));
    assert.deepEqual(JSON.parse(res.body), []);
    assert.equal(
      Object.keys(res.headers).some((h) => h.startsWith('access-control-')),
      false,
    );
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
  }
});

test('refuses another origin: reads, the preflight of a delete, deletes and the live updates', async () => {
  for (const origin of ['http://localhost:3000', `http://localhost:${web + 1}`, 'http://evil.example', 'null']) {
    assert.equal((await send(web, { headers: { origin } })).status, 403, origin);
    const preflight = await send(web, {
      method: 'OPTIONS',
      path: '/api/email/all',
      headers: { origin, 'access-control-request-method': 'DELETE' },
    });
    assert.equal(preflight.status, 403, origin);
    assert.equal(preflight.headers['access-control-allow-origin'], undefined);
    assert.equal((await send(web, { method: 'DELETE', path: '/api/email/all', headers: { origin } })).status, 403);
    const upgrade = await send(web, {
      path: '/socket.io/?EIO=4&transport=websocket',
      headers: {
        origin,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    }).catch((error) => ({ status: `refused (${error.code})` }));
    assert.notEqual(upgrade.status, 101, origin);
  }
});

test('refuses a browser request from another site without an Origin, and another Host (DNS rebinding)', async () => {
  const crossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' };
  assert.equal((await send(web, { headers: crossSite })).status, 403);
  assert.equal((await send(web, { headers: { ...crossSite, 'sec-fetch-site': 'same-site' } })).status, 403);
  assert.equal((await send(web, { headers: { host: `attacker.example:${web}` } })).status, 403);
  // A person following a link opens the inbox's page (nothing is read by the page that linked).
  const navigation = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
  assert.equal((await send(web, { path: '/', headers: { ...navigation, accept: 'text/html' } })).status, 200);
  assert.equal((await send(web, { method: 'DELETE', path: '/api/email/all', headers: navigation })).status, 403);
});

test('never starts with NODE_ENV=production', () => {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    assert.throws(() => startMailCatcher(10_000), { message: PRODUCTION_REFUSAL });
  } finally {
    process.env.NODE_ENV = previous;
  }
  const run = spawnSync(process.execPath, [script, '--smtp', '0', '--web', '0'], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /never runs with NODE_ENV=production/);
});
