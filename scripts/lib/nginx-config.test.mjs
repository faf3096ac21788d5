// node --test scripts/lib/nginx-config.test.mjs (part of pnpm test:unit)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { BROTLI_MODULE, HASHED_ASSET, nginxConfig } from './nginx-config.mjs';

const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'store-nginx-'));
const options = {
  prefix,
  port: 6590,
  apiPorts: [6591, 6592, 6593],
  shellDir: path.join(prefix, 'shell'),
  remotes: [
    { name: 'catalog', dir: path.join(prefix, 'catalog'), port: 6594 },
    { name: 'cart', dir: path.join(prefix, 'cart'), port: 6595 },
  ],
  brotli: fs.existsSync(BROTLI_MODULE),
};
const nginx = ['/usr/sbin/nginx', 'nginx'].find((bin) => spawnSync(bin, ['-v']).status === 0);

test('proxies /api/ to every process with passive health checks and idempotent-only retries', () => {
  const conf = nginxConfig(options);
  for (const port of options.apiPorts) {
    assert.match(conf, new RegExp(`server 127\\.0\\.0\\.1:${port} max_fails=2 fail_timeout=5s;`));
  }
  assert.match(conf, /proxy_next_upstream error timeout http_502 http_504;/);
  // nginx re-sends POST/PATCH only with `non_idempotent`; the API's 503 (a dependency away) is passed on.
  assert.doesNotMatch(conf, /proxy_next_upstream [^;]*non_idempotent/);
  assert.doesNotMatch(conf, /proxy_next_upstream[^;]*http_503/);
  assert.match(conf, /proxy_next_upstream_tries 3;/);
  // The edge proxy sets the client address; a client's own X-Forwarded-For would dodge rate limits.
  assert.match(conf, /proxy_set_header X-Forwarded-For \$remote_addr;/);
  // Image uploads (12 files of 5 MB) get a larger body limit than the 1 MB of every other request.
  assert.match(conf, /client_max_body_size 1m;/);
  assert.match(
    conf,
    /location ~ \^\/api\/admin\/products\/\[0-9\]\+\/images\$ \{\s+client_max_body_size 61m;\s+proxy_pass http:\/\/store_api;/,
  );
});

test('listens on loopback only, and refuses any other address', () => {
  const conf = nginxConfig(options);
  const listens = [...conf.matchAll(/listen ([^;]+);/g)].map((m) => m[1]);
  assert.deepEqual(listens, ['127.0.0.1:6590', '127.0.0.1:6594', '127.0.0.1:6595']);
  assert.throws(() => nginxConfig({ ...options, host: '0.0.0.0' }), /loopback/);
});

test('caches hashed assets for a year, everything else revalidates; remotes allow any origin', () => {
  const conf = nginxConfig(options);
  assert.ok(new RegExp(HASHED_ASSET).test('main.1a2b3c4d.js'));
  assert.ok(!new RegExp(HASHED_ASSET).test('remoteEntry.js'));
  assert.match(conf, /immutable/);
  assert.match(conf, /gzip_static on;/);
  assert.equal(conf.includes('brotli_static on;'), options.brotli);
  assert.equal(conf.match(/Access-Control-Allow-Origin \*/g)?.length, 4); // 2 remotes x (hashed, rest)
});

test('generates remotes.json from the host the browser used, or serves a file', () => {
  const generated = nginxConfig(options);
  assert.ok(generated.includes(`return 200 '{"catalog":{"entry":"http://$host:6594/mf-manifest.json"}`));
  const file = nginxConfig({ ...options, remotesFile: '/srv/remotes.json' });
  assert.match(file, /alias "\/srv\/remotes\.json";/);
});

test('nginx accepts the generated configuration', { skip: nginx ? false : 'nginx is not installed' }, () => {
  for (const dir of ['logs', 'tmp']) fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(options));
  const result = spawnSync(
    nginx,
    ['-t', '-q', '-p', prefix, '-c', conf, '-e', path.join(prefix, 'logs', 'error.log')],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(result.status, 0, result.stderr);
});
