// node --test scripts/lib/nginx-config.test.mjs (part of pnpm test:unit)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn, spawnSync } from 'node:child_process';
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
  // nginx re-sends POST/PATCH only with `non_idempotent`: only in the location for changes that carry
  // an Idempotency-Key (the general one and the image upload's). The API's 503 (a dependency away) is passed on.
  assert.equal(conf.match(/proxy_next_upstream [^;]*non_idempotent/g)?.length, 2);
  assert.deepEqual(
    [...conf.matchAll(/location = (\S+) \{[^}]*?proxy_next_upstream [^;]*non_idempotent/g)].map((m) => m[1]),
    ['/.api-keyed', '/.api-keyed-upload'],
  );
  const keyed = conf.slice(conf.indexOf('location = /.api-keyed'));
  assert.match(keyed, /^location = \/\.api-keyed \{\s+#[^]*?internal;[^]*?non_idempotent;/);
  assert.doesNotMatch(conf, /proxy_next_upstream[^;]*http_503/);
  // /api/, the keyed changes, the upload, the releases, and the crawlers' files (robots.txt, the sitemap).
  assert.equal(conf.match(/proxy_next_upstream_tries 3;/g)?.length, 5);
  // The edge proxy sets the client address; a client's own X-Forwarded-For would dodge rate limits.
  assert.match(conf, /proxy_set_header X-Forwarded-For \$remote_addr;/);
  // Image uploads (12 files of 5 MB) get a larger body limit than the 1 MB of every other request,
  // also when a keyed change is handed to the internal location that may re-send it.
  assert.match(conf, /client_max_body_size 1m;/);
  assert.match(
    conf,
    /location ~ \^\/api\/admin\/products\/\[0-9\]\+\/images\$ \{\s+client_max_body_size 61m;\s+if \(\$http_idempotency_key != ""\) \{\s+rewrite \^ \/\.api-keyed-upload last;/,
  );
  assert.match(
    conf,
    /location = \/\.api-keyed-upload \{\s+internal;\s+client_max_body_size 61m;\s+proxy_pass http:\/\/store_api\$request_uri;/,
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
  // 2 remotes x (hashed, rest), and the shell's embed.js and remotes.json.
  assert.equal(conf.match(/Access-Control-Allow-Origin \*/g)?.length, 6);
});

test('generates remotes.json from the host the browser used, or serves a file', () => {
  const generated = nginxConfig(options);
  assert.ok(generated.includes(`return 200 '{"catalog":{"entry":"http://$host:6594/mf-manifest.json"}`));
  const file = nginxConfig({ ...options, remotesFile: '/srv/remotes.json' });
  assert.match(file, /alias "\/srv\/remotes\.json";/);
});

test('embed.js and remotes.json answer any origin (an integrator page loads them)', () => {
  for (const config of [nginxConfig(options), nginxConfig({ ...options, remotesFile: '/srv/remotes.json' })]) {
    for (const location of ['location = /embed.js {', 'location = /remotes.json {']) {
      const block = config.slice(config.indexOf(location), config.indexOf('}', config.indexOf(location)));
      assert.match(block, /add_header Access-Control-Allow-Origin \* always;/, location);
    }
  }
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

test(
  'a POST that reached a process which died is re-sent to another only when it carries an Idempotency-Key',
  { skip: nginx ? false : 'nginx is not installed', timeout: 30_000 },
  async () => {
    // Two "API processes": the first takes every request in and dies without answering (as under
    // kill -9), the second answers. max_fails=0 keeps both in the rotation, so unkeyed POSTs reach the
    // dying one too.
    const seen = { dying: [], healthy: [] };
    const listen = (handler) =>
      new Promise((resolve) => {
        const server = http.createServer(handler);
        server.keepAliveTimeout = 60_000;
        server.listen(0, '127.0.0.1', () => resolve(server));
      });
    const body = (req) =>
      new Promise((resolve) => {
        let text = '';
        req.on('data', (c) => (text += c));
        req.on('end', () => resolve(text));
      });
    const dying = await listen(async (req) => {
      seen.dying.push(`${req.method} ${req.url} ${await body(req)}`);
      req.socket.destroy();
    });
    const healthy = await listen(async (req, res) => {
      seen.healthy.push(`${req.method} ${req.url} ${await body(req)}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ answeredBy: 'healthy' }));
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-nginx-retry-'));
    for (const sub of ['logs', 'tmp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    const port = await new Promise((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const free = probe.address().port;
        probe.close(() => resolve(free));
      });
    });
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      nginxConfig({
        ...options,
        prefix: dir,
        port,
        remotes: [],
        apiPorts: [dying.address().port, healthy.address().port],
        health: { maxFails: 0 },
        workers: 1,
      }),
    );
    const proc = spawn(nginx, ['-p', dir, '-c', conf, '-e', path.join(dir, 'logs', 'error.log'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    const post = (key) =>
      new Promise((resolve, reject) => {
        const req = http.request(
          `http://127.0.0.1:${port}/api/products/add-to-cart?x=%2F1`,
          {
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('error', reject);
        req.end('{"product_id":1}');
      });
    try {
      for (let i = 0; i < 50; i++) {
        const up = await post('probe').then(
          () => true,
          () => false,
        );
        if (up) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      seen.dying.length = 0;
      seen.healthy.length = 0;
      const unkeyed = [];
      for (let i = 0; i < 4; i++) unkeyed.push(await post());
      const dyingUnkeyed = seen.dying.length;
      const keyed = [];
      for (let i = 0; i < 4; i++) keyed.push(await post(`key-${i}`));
      // Without a key, a POST that reached the dying process is not re-sent: 502.
      assert.ok(dyingUnkeyed >= 1, `no unkeyed POST reached the dying process: ${JSON.stringify(seen)}`);
      assert.equal(unkeyed.filter((s) => s === 502).length, dyingUnkeyed);
      // With a key, the same loss is re-sent to the other process, with the URI and body unchanged.
      assert.deepEqual(keyed, [200, 200, 200, 200]);
      assert.ok(seen.dying.length > dyingUnkeyed, 'no keyed POST reached the dying process');
      assert.ok(seen.healthy.slice(-4).every((r) => r === 'POST /api/products/add-to-cart?x=%2F1 {"product_id":1}'));
      // Every 502 is in the 5xx log with the upstream try that made it; the 200s are not logged.
      const logged = fs
        .readFileSync(path.join(dir, 'logs', '5xx.log'), 'utf8')
        .trim()
        .split('\n');
      assert.equal(logged.length, dyingUnkeyed, logged.join('\n'));
      for (const line of logged) {
        assert.match(line, new RegExp(`"POST /api/products/add-to-cart\\?x=%2F1 HTTP/1.1" 502 `));
        assert.match(line, new RegExp(`upstream=127\\.0\\.0\\.1:${dying.address().port} upstream_status=502 `));
      }
    } finally {
      proc.kill('SIGTERM');
      dying.closeAllConnections?.();
      healthy.closeAllConnections?.();
      dying.close();
      healthy.close();
    }
  },
);

test('with releases: /builds/ from the releases folder, immutable; /remotes.json from the API, per visitor', () => {
  const conf = nginxConfig({ ...options, releasesDir: '/srv/releases' });
  assert.match(
    conf,
    /location \/builds\/ \{\s+# [^\n]*\n\s+alias "\/srv\/releases\/";\s+add_header Cache-Control "public, max-age=31536000, immutable" always;/,
  );
  assert.match(conf, /location = \/remotes\.json \{[^}]*proxy_pass http:\/\/store_api\/api\/releases\/remotes\.json;/);
  assert.match(conf, /location \/api\/releases\/ \{\s+# [^\n]*\n\s+client_max_body_size 60m;/);
  // A remotes file given by the operator still wins.
  assert.doesNotMatch(
    nginxConfig({ ...options, releasesDir: '/srv/releases', remotesFile: '/x.json' }),
    /api\/releases\/remotes\.json/,
  );
});

test('with rendering processes: pages go to them, the static shell when none answers; the crawlers files come from the API', () => {
  const conf = nginxConfig({ ...options, renderPorts: [7005, 7006] });
  assert.match(
    conf,
    /upstream store_render \{\s+server 127\.0\.0\.1:7005 max_fails=2 fail_timeout=5s;\s+server 127\.0\.0\.1:7006 /,
  );
  // Files of the build as they are; any other path is a page, rendered.
  assert.match(conf, /location \/ \{\s+# [^\n]*\n\s+try_files \$uri @render;\s+\}/);
  assert.match(conf, /location = \/index\.html \{\s+try_files \/\.no-such-file @render;/);
  assert.match(conf, /location @render \{\s+proxy_pass http:\/\/store_render;[^}]*error_page 502 503 504 = @shell;/);
  assert.match(conf, /location @shell \{[^}]*try_files \/index\.html =404;/);
  assert.match(conf, /proxy_pass http:\/\/store_api\/api\/storefront\$uri;/);
  // Without them: the static shell for every page, as before.
  const plain = nginxConfig(options);
  assert.doesNotMatch(plain, /store_render/);
  assert.match(plain, /try_files \$uri \/index\.html;/);
});
