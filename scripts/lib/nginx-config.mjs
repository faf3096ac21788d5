// The nginx configuration of `pnpm start:cluster`, written from this template on every start.
// Debian's nginx runs it as a child process with its own prefix folder: nothing under /etc/nginx or
// /var is used or changed, and every port listens on loopback only.

/** Content-hashed build files ([name].[contenthash:8].js): cached for a year, never revalidated. */
export const HASHED_ASSET = String.raw`\.[0-9a-f]{8}\.(js|css)$`;

/** The Debian package that provides `brotli_static` (serves the build's .br siblings). */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const quote = (value) => `"${String(value).replace(/["\\]/g, '\\$&')}"`;

/**
 * @param {object} o
 * @param {string} o.prefix folder for nginx's pid, logs and temporary files
 * @param {string} [o.host] listen address (loopback)
 * @param {number} o.port the store's port (shell + /api/)
 * @param {number[]} o.apiPorts one API process per port
 * @param {string} o.shellDir the shell's build folder
 * @param {{ name: string, dir: string, port: number }[]} o.remotes each remote's build folder and port
 * @param {string} [o.remotesFile] a remotes.json to serve instead of the generated one (read per request)
 * @param {string} [o.releasesDir] released builds (pnpm release): served under /builds/, and /remotes.json
 *   comes from the API (per visitor: canaries), unless remotesFile is given
 * @param {boolean} [o.brotli] load the brotli_static module (when installed)
 * @param {number} [o.workers] nginx worker processes
 * @param {{ maxFails?: number, failTimeout?: number }} [o.health] passive upstream health checks
 * @param {number[]} [o.renderPorts] the rendering processes (scripts/render-server.mjs): the storefront's
 *   pages go to them (server rendering, per-visitor config and policy); without them, or while none
 *   answers, the shell's static index.html (rendered in the browser)
 * @returns {string}
 */
export function nginxConfig(o) {
  const host = o.host ?? '127.0.0.1';
  if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(host)) {
    throw new Error(`nginx listens on loopback only, not ${host}`);
  }
  if (!o.apiPorts.length) throw new Error('at least one API process is needed');
  const maxFails = o.health?.maxFails ?? 2;
  const failTimeout = o.health?.failTimeout ?? 5;
  const p = (name) => quote(`${o.prefix}/${name}`);
  // The generated runtime config: each remote on its own port of the host the browser used.
  const remotesJson = JSON.stringify(
    Object.fromEntries(o.remotes.map((r) => [r.name, { entry: `http://$host:${r.port}/mf-manifest.json` }])),
  );

  const proxyCommon = `      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # nginx is the edge: the client's own X-Forwarded-For is not passed on (per-IP rate limits).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;`;
  const nextUpstreamLimits = `      proxy_next_upstream_tries ${Math.max(2, o.apiPorts.length)};
      proxy_next_upstream_timeout 15s;`;

  const staticRules = `
    location ~ "${HASHED_ASSET}" {
      add_header Cache-Control "public, max-age=31536000, immutable" always;
      add_header X-Content-Type-Options nosniff always;
      CORS_PLACEHOLDER
      try_files $uri =404;
    }`;
  const cors = `add_header Access-Control-Allow-Origin * always;
      add_header Cross-Origin-Resource-Policy cross-origin always;`;

  const remoteServers = o.remotes
    .map(
      (r) => `
  # ${r.name}: its own static server, as its team deploys it
  server {
    listen ${host}:${r.port};
    root ${quote(r.dir)};
    ${staticRules.replace('CORS_PLACEHOLDER', cors)}
    location / {
      add_header Cache-Control no-cache always;
      add_header X-Content-Type-Options nosniff always;
      ${cors}
      if ($request_method = OPTIONS) { return 204; }
      try_files $uri =404;
    }
  }`,
    )
    .join('\n');

  const releasesLocations = o.releasesDir
    ? `location /builds/ {
      # A build id names its files for good: cached for a year.
      alias ${quote(`${o.releasesDir}/`)};
      add_header Cache-Control "public, max-age=31536000, immutable" always;
      add_header X-Content-Type-Options nosniff always;
      ${cors}
    }

    location /api/releases/ {
      # pnpm release uploads a whole build in one request.
      client_max_body_size 60m;
      proxy_pass http://store_api;
${proxyCommon}
      proxy_next_upstream error timeout http_502 http_504;
${nextUpstreamLimits}
    }`
    : '';
  const remotesLocation = o.remotesFile
    ? `location = /remotes.json {
      # Read on every request: a team releases by changing its one URL in this file.
      alias ${quote(o.remotesFile)};
      default_type application/json;
      add_header Cache-Control no-cache always;
      ${cors}
    }`
    : o.releasesDir
      ? `location = /remotes.json {
      # Per visitor (the store_visitor cookie picks canary builds), never kept by a shared cache: the API's.
      proxy_pass http://store_api/api/releases/remotes.json;
${proxyCommon}
      proxy_next_upstream error timeout http_502 http_504;
${nextUpstreamLimits}
    }`
      : `location = /remotes.json {
      default_type application/json;
      add_header Cache-Control no-cache always;
      ${cors}
      return 200 '${remotesJson}';
    }`;

  return `# Generated by scripts/cluster.mjs from scripts/lib/nginx-config.mjs: edit the template, not this file.
${o.brotli ? `load_module ${quote(BROTLI_MODULE)};` : '# brotli_static module not installed: gzip only'}
worker_processes ${o.workers ?? 2};
pid ${p('nginx.pid')};
error_log ${p('logs/error.log')} warn;

events {
  worker_connections 4096;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css application/javascript application/json text/plain image/svg+xml;
  # Only 5xx answers are logged, each with every upstream try behind it (address, status, time, the
  # API's request id), so a 5xx a client saw can be traced to the process and the answer that made it.
  map $status $store_5xx {
    ~^5 1;
    default 0;
  }
  log_format store_5xx '$time_iso8601 $remote_addr "$request" $status '
                       'upstream=$upstream_addr upstream_status=$upstream_status '
                       'upstream_time=$upstream_response_time request_time=$request_time '
                       'request_id=$upstream_http_x_request_id';
  access_log ${p('logs/5xx.log')} store_5xx if=$store_5xx;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  client_max_body_size 1m;

  client_body_temp_path ${p('tmp/body')};
  proxy_temp_path ${p('tmp/proxy')};
  fastcgi_temp_path ${p('tmp/fastcgi')};
  uwsgi_temp_path ${p('tmp/uwsgi')};
  scgi_temp_path ${p('tmp/scgi')};

  # The build writes .br and .gz beside every text asset; anything else (API JSON) is gzipped here.
  gzip on;
  gzip_static on;
  ${o.brotli ? 'brotli_static on;' : ''}
  gzip_vary on;
  gzip_proxied any;
  gzip_min_length 1024;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml text/plain;

  ${
    o.renderPorts?.length
      ? `upstream store_render {
${o.renderPorts.map((port) => `    server 127.0.0.1:${port} max_fails=${maxFails} fail_timeout=${failTimeout}s;`).join('\n')}
    keepalive 32;
  }`
      : ''
  }

  upstream store_api {
    # Passive health checks: a process that fails ${maxFails} times is left out for ${failTimeout} s.
${o.apiPorts.map((port) => `    server 127.0.0.1:${port} max_fails=${maxFails} fail_timeout=${failTimeout}s;`).join('\n')}
    keepalive 64;
  }

  server {
    listen ${host}:${o.port};
    root ${quote(o.shellDir)};

    location /api/ {
      # A change that carries an Idempotency-Key may be re-sent to another process (below).
      if ($http_idempotency_key != "") {
        rewrite ^ /.api-keyed last;
      }
      proxy_pass http://store_api;
${proxyCommon}
      # Another process gets the request when one is down or dies mid-answer. A 503 is the API's own
      # answer (its database or Redis is away; every process would say the same), so it is passed on.
      # POST and PATCH without an Idempotency-Key are never re-sent once they reached a process
      # (nginx's default, kept: no non_idempotent here): they might be made twice.
      proxy_next_upstream error timeout http_502 http_504;
${nextUpstreamLimits}
    }

    location = /.api-keyed {
      # Changes with an Idempotency-Key. The API claims the key in PostgreSQL (shared by every
      # process) and a repeat gets the first answer or makes the change once, so nginx may re-send
      # such a POST to another process even after one received it (kill -9 mid-request): the client
      # sees the answer instead of a 502. The URI goes on exactly as the client sent it.
      internal;
      proxy_pass http://store_api$request_uri;
${proxyCommon}
      proxy_next_upstream error timeout http_502 http_504 non_idempotent;
${nextUpstreamLimits}
    }

    # Product image uploads (admin): up to 12 files of 5 MB in one request; every other body stays
    # within the 1 MB above. The API checks each file; keyed changes may be re-sent as above.
    location ~ ^/api/admin/products/[0-9]+/images$ {
      client_max_body_size 61m;
      if ($http_idempotency_key != "") {
        rewrite ^ /.api-keyed-upload last;
      }
      proxy_pass http://store_api;
${proxyCommon}
      proxy_next_upstream error timeout http_502 http_504;
${nextUpstreamLimits}
    }

    location = /.api-keyed-upload {
      internal;
      client_max_body_size 61m;
      proxy_pass http://store_api$request_uri;
${proxyCommon}
      proxy_next_upstream error timeout http_502 http_504 non_idempotent;
${nextUpstreamLimits}
    }

    ${remotesLocation}
    ${releasesLocations}
    ${staticRules.replace('CORS_PLACEHOLDER', '')}

    # An integrator's page loads the store's one script (a module script: a CORS request).
    location = /embed.js {
      add_header Cache-Control no-cache always;
      add_header X-Content-Type-Options nosniff always;
      ${cors}
      try_files $uri =404;
    }

    # Crawlers' files, written by the API (modules/storefront).
    location ~ "^/(robots\\.txt|sitemap\\.xml|sitemap-(pages|products-[0-9]{1,5})\\.xml)$" {
      proxy_pass http://store_api/api/storefront$uri;
${proxyCommon}
      proxy_next_upstream error timeout http_502 http_504;
${nextUpstreamLimits}
    }
${
  o.renderPorts?.length
    ? `
    # The storefront's pages: rendered by the rendering processes (issue 30).
    location = /index.html {
      try_files /.no-such-file @render;
    }

    location / {
      # Files of the build as they are; every other path is a page.
      try_files $uri @render;
    }

    location @render {
      proxy_pass http://store_render;
${proxyCommon}
      proxy_next_upstream error timeout http_502 http_504;
      # No rendering process answers: the shell's own page, rendered in the browser.
      error_page 502 503 504 = @shell;
    }

    location @shell {
      add_header Cache-Control no-cache always;
      add_header X-Content-Type-Options nosniff always;
      try_files /index.html =404;
    }`
    : `
    location = /index.html {
      add_header Cache-Control no-cache always;
      add_header X-Content-Type-Options nosniff always;
    }

    location / {
      add_header Cache-Control no-cache always;
      add_header X-Content-Type-Options nosniff always;
      # Client-side routes get the shell's page.
      try_files $uri /index.html;
    }`
}
  }
${remoteServers}
}
`;
}
