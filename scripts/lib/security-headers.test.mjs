// node --test scripts/lib/: the storefront's security headers, and the shell's server that sends them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { addNonce, contentSecurityPolicy, createNonce, remoteOrigins, securityHeaders } from './security-headers.mjs';
import { serveStore } from './serve-store.mjs';

const directives = (policy) =>
  Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

test('remote origins come from the runtime config; anything that is not an http(s) URL is left out', () => {
  const config = {
    catalog: { entry: 'https://catalog.example.com/v2/mf-manifest.json' },
    cart: { entry: 'http://localhost:3002/mf-manifest.json' },
    account: { entry: 'https://catalog.example.com/account/mf-manifest.json' },
    admin: { entry: 'javascript:alert(1)' },
    broken: { entry: 42 },
  };
  assert.deepEqual(remoteOrigins(config), ['http://localhost:3002', 'https://catalog.example.com']);
  assert.deepEqual(remoteOrigins(null), []);
});

test('the policy: scripts from self, the nonce and the remotes only; never framed', () => {
  const d = directives(contentSecurityPolicy({ origins: ['https://a.example', 'https://b.example'], nonce: 'n0nce' }));
  assert.deepEqual(d['script-src'], ["'self'", "'nonce-n0nce'", 'https://a.example', 'https://b.example']);
  assert.deepEqual(d['connect-src'], ["'self'", 'https://a.example', 'https://b.example']);
  assert.deepEqual(d['img-src'], ["'self'", 'data:', 'https://a.example', 'https://b.example']);
  assert.deepEqual(d['frame-ancestors'], ["'none'"]);
  assert.deepEqual(d['object-src'], ["'none'"]);
  assert.deepEqual(d['default-src'], ["'self'"]);
  assert.ok(!d['script-src'].includes("'unsafe-inline'") && !d['script-src'].includes("'unsafe-eval'"));
  // Without a nonce (a CDN's static copy) the policy still stands.
  assert.deepEqual(directives(contentSecurityPolicy({ origins: [] }))['script-src'], ["'self'"]);
});

test('every header is there, and each response gets its own nonce', () => {
  const headers = securityHeaders({ origins: [], nonce: 'abc' });
  assert.equal(headers['Referrer-Policy'], 'strict-origin-when-cross-origin');
  assert.equal(headers['X-Content-Type-Options'], 'nosniff');
  assert.equal(headers['X-Frame-Options'], 'DENY');
  const nonces = new Set(Array.from({ length: 50 }, createNonce));
  assert.equal(nonces.size, 50);
  assert.ok([...nonces].every((n) => Buffer.from(n, 'base64').length === 16));
});

test('the nonce goes on every script element, once', () => {
  const html = '<head><script defer src=/main.js></script><script>boot()</script><script nonce="x">a()</script></head>';
  assert.equal(
    addNonce(html, 'N'),
    '<head><script nonce="N" defer src=/main.js></script><script nonce="N">boot()</script><script nonce="x">a()</script></head>',
  );
});

// The shell's server, on a folder that stands in for the builds (ports from the sec-web block).
const base = Number(process.env.TEST_STORE_PORT ?? 5480);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-serve-'));
const remotesFile = path.join(root, 'remotes.json');
let store;

const get = (pathname, headers = {}) =>
  new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: base, path: pathname, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
      })
      .on('error', reject);
  });

before(async () => {
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html><head><script>window.booted = 1</script><script defer src=/main.js></script></head></html>',
  );
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.js'), 'void 0');
  store = await serveStore({
    root,
    base,
    apiUrl: 'http://127.0.0.1:9',
    publicUrl: 'https://shop.example',
    remotesFile,
  });
});
after(async () => {
  await store.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('remotes.json is built from the public origin, whatever Host header the request forges', async () => {
  const res = await get('/remotes.json', { Host: 'evil.example:666' });
  assert.equal(res.status, 200);
  const config = JSON.parse(res.body);
  assert.deepEqual(
    Object.values(config).map((r) => r.entry),
    [1, 2, 3, 4].map((n) => `https://shop.example:${base + n}/mf-manifest.json`),
  );
  assert.ok(!res.body.includes('evil.example'));
});

test('every HTML page carries the headers with a fresh nonce that its scripts carry', async () => {
  const first = await get('/products/3', { Host: 'evil.example' });
  const second = await get('/', { 'If-Modified-Since': new Date().toUTCString() });
  for (const page of [first, second]) {
    assert.equal(page.status, 200);
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    assert.equal(page.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(page.headers['last-modified'], undefined);
    const d = directives(page.headers['content-security-policy']);
    assert.deepEqual(d['frame-ancestors'], ["'none'"]);
    assert.ok(d['script-src'].includes(`https://shop.example:${base + 1}`));
    assert.ok(!page.headers['content-security-policy'].includes('evil.example'));
    const nonce = /'nonce-([^']+)'/.exec(page.headers['content-security-policy'])[1];
    const scripts = page.body.match(/<script\b[^>]*>/g);
    assert.ok(scripts.length >= 2);
    for (const tag of scripts) assert.ok(tag.includes(`nonce="${nonce}"`), tag);
  }
  assert.notEqual(first.headers['content-security-policy'], second.headers['content-security-policy']);
  // Scripts themselves are not pages: no policy, still nosniff.
  const script = await get('/main.js');
  assert.equal(script.headers['content-security-policy'], undefined);
  assert.equal(script.headers['x-content-type-options'], 'nosniff');
});

test("the policy follows the runtime remote config: a release's new origin is allowed at the next page load", async () => {
  fs.writeFileSync(remotesFile, JSON.stringify({ catalog: { entry: 'https://cdn.example/catalog/mf-manifest.json' } }));
  try {
    const d = directives((await get('/')).headers['content-security-policy']);
    assert.ok(d['script-src'].includes('https://cdn.example'));
    assert.ok(!d['script-src'].includes(`https://shop.example:${base + 1}`));
    assert.equal(
      JSON.parse((await get('/remotes.json')).body).catalog.entry,
      'https://cdn.example/catalog/mf-manifest.json',
    );
  } finally {
    fs.rmSync(remotesFile);
  }
});
