// The cluster the run is against: a throwaway database, TCP proxies this suite owns in front of
// PostgreSQL, Redis and the cart remote, 2 API processes behind nginx, the load's shoppers and what
// they buy.
import fs from 'node:fs';
import path from 'node:path';
import { startCluster } from '../lib/cluster.mjs';
import { remotes } from '../lib/serve-store.mjs';
import { createAgent, request } from './http.mjs';
import { running } from './processes.mjs';
import { base, dbName, log, pg, pgServer, plan, ports, redisServer, workDir } from './suite.mjs';
import { startTcpProxy } from './tcp-proxy.mjs';

export async function startStack() {
  const directDbUrl = new URL(pgServer);
  directDbUrl.pathname = `/${dbName}`;
  const admin = new pg.Client({ connectionString: pgServer.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();

  const pgProxy = await startTcpProxy({
    port: ports.pg,
    targetHost: pgServer.hostname,
    targetPort: Number(pgServer.port || 5432),
  });
  running.proxies.push(pgProxy);
  const redisProxy = await startTcpProxy({
    port: ports.redis,
    targetHost: redisServer.hostname,
    targetPort: Number(redisServer.port || 6379),
  });
  running.proxies.push(redisProxy);
  const cartRemoteProxy = await startTcpProxy({
    port: ports.cartRemote,
    targetPort: base + remotes.find((r) => r.name === 'cart').offset,
  });
  running.proxies.push(cartRemoteProxy);
  const proxiedDbUrl = new URL(directDbUrl);
  proxiedDbUrl.host = `127.0.0.1:${ports.pg}`;

  const remotesFile = path.join(workDir, 'remotes.json');
  fs.writeFileSync(
    remotesFile,
    JSON.stringify(
      Object.fromEntries(
        remotes.map((r) => [
          r.name,
          { entry: `http://localhost:${r.name === 'cart' ? ports.cartRemote : base + r.offset}/mf-manifest.json` },
        ]),
      ),
    ),
  );

  log(`starting a cluster on :${base} (2 API processes; PostgreSQL via :${ports.pg}, Redis via :${ports.redis})`);
  const cluster = await startCluster({
    port: base,
    processes: 2,
    databaseUrl: proxiedDbUrl.toString(),
    redisUrl: `redis://127.0.0.1:${ports.redis}`,
    redisPrefix: `store-resilience-${base}-${Date.now()}:`,
    stateDir: path.join(workDir, 'cluster'),
    remotesFile,
    env: { AUTH_RATE_LIMIT: '10', LOG_LEVEL: 'warn' },
    log,
  });
  running.cluster = cluster;
  const front = await startTcpProxy({ port: ports.front, targetPort: base });
  running.proxies.push(front);
  const origin = `http://127.0.0.1:${base}`;
  const processUrl = (i) => `http://127.0.0.1:${cluster.apiPorts[i]}`;
  const db = new pg.Pool({ connectionString: directDbUrl.toString(), max: 2 });
  db.on('error', () => undefined);
  running.db = db;

  // ── users for the load: copies of the demo shopper (same password), one per simulated shopper ──
  await db.query(
    `INSERT INTO users (email, username, first_name, last_name, password_hash, role)
     SELECT 'load-' || n || '@example.com', 'load' || n, 'Load', 'Shopper ' || n, password_hash, 'REGULAR'
     FROM users, generate_series(1, $1) AS n WHERE email = 'shopper@example.com'`,
    [plan.shoppers + 10],
  );
  const login = async (email, password, localAddress, target = origin) => {
    const res = await request(target, 'POST', '/api/auth/login', {
      agent: createAgent(localAddress),
      body: { email, password },
    });
    if (res.status !== 200) throw new Error(`login ${email} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const secret = fs.readFileSync(path.join(cluster.stateDir, 'jwt-secret'), 'utf8').trim();

  // Products the shoppers buy: in stock, one variant each.
  const catalogue = [];
  for (let page = 1; page <= 3; page++) {
    const list = await request(origin, 'GET', `/api/products?page_size=24&in_stock=true&page=${page}`);
    for (const card of list.body.data) {
      const detail = await request(origin, 'GET', `/api/products/${card.id}`);
      const variant = detail.body.variants?.find((v) => v.stock > 50) ?? detail.body.variants?.[0];
      if (variant) catalogue.push({ product_id: card.id, variant_id: variant.id, stock: variant.stock });
    }
  }

  return { cluster, pgProxy, redisProxy, cartRemoteProxy, front, db, origin, processUrl, login, secret, catalogue };
}
