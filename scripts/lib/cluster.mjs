// The store past one process: N API processes on one PostgreSQL and one Redis behind Debian's nginx,
// with a supervisor that restarts a process that dies. Used by `pnpm start:cluster` and by the
// resilience suite (which starts its own cluster on its own ports and databases).
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { has, log as storeLog, root, run } from './run.mjs';
import { BROTLI_MODULE, nginxConfig } from './nginx-config.mjs';
import { remotes } from './serve-store.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Debian's nginx (+ the brotli_static module), installed with apt when missing, like chromium for e2e. */
export function ensureNginx(log = storeLog) {
  const missing = [];
  if (!has('nginx') && !fs.existsSync('/usr/sbin/nginx')) missing.push('nginx');
  if (!fs.existsSync(BROTLI_MODULE)) missing.push('libnginx-mod-http-brotli-static');
  if (missing.length) {
    log(`installing Debian's ${missing.join(' and ')} with apt`);
    const sudo = process.getuid?.() !== 0 && has('sudo');
    const apt = (...a) => (sudo ? run('sudo', ['apt-get', ...a]) : run('apt-get', a));
    try {
      apt('update', '-qq');
      apt('install', '-y', '-qq', ...missing);
    } catch (error) {
      // The brotli module is a nicety (gzip still works); nginx itself is not.
      if (!fs.existsSync('/usr/sbin/nginx') && !has('nginx')) throw error;
      log(`apt could not install ${missing.join(', ')}: serving gzip only`);
    }
  }
  return { bin: fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx', brotli: fs.existsSync(BROTLI_MODULE) };
}

/** node-postgres from the API's dependencies (the root package has none of its own). */
function pgModule() {
  return createRequire(path.join(root, 'api', 'package.json'))('pg');
}

/** Creates the database named in `url` when the server does not have it yet. */
export async function ensureDatabase(url) {
  const { Client } = pgModule();
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[\w-]{1,63}$/.test(name)) throw new Error(`unexpected database name in DATABASE_URL: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`).catch((error) => {
        if (error.code !== '42P04') throw error; // another starter created it meanwhile
      });
      return true;
    }
    return false;
  } finally {
    await client.end();
  }
}

async function waitForHealth(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  return false;
}

/** Runs node to completion without blocking this process (the resilience suite's proxies live here). */
function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`node ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** Resolves to the first of `ports` that is taken on 127.0.0.1, or null when all are free. */
async function firstBusyPort(ports) {
  for (const port of ports) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!free) return port;
  }
  return null;
}

/**
 * Starts the cluster; resolves once every API process is healthy and nginx answers.
 *
 * @param {object} o
 * @param {number} o.port the store's port (nginx); remotes on port+1..+4, API processes from port+10
 * @param {number} [o.processes] API processes (default 2)
 * @param {string} o.databaseUrl PostgreSQL (the database is created when missing)
 * @param {string} o.redisUrl Redis
 * @param {string} [o.redisPrefix] key prefix of this cluster in Redis
 * @param {string} [o.stateDir] git-ignored folder for nginx's files, logs and the JWT secret
 * @param {string} [o.remotesFile] a remotes.json to serve instead of the generated one
 * @param {Record<string, string>} [o.env] extra environment for the API processes
 * @param {number} [o.renderProcesses] rendering processes (default RENDER_PROCESSES or 1; at most 5)
 * @param {(message: string) => void} [o.log]
 * @param {{ maxFails?: number, failTimeout?: number }} [o.health]
 */
export async function startCluster(o) {
  const log = o.log ?? storeLog;
  const count = o.processes ?? 2;
  const stateDir = path.resolve(o.stateDir ?? path.join(root, '.cluster', String(o.port)));
  const apiPorts = Array.from({ length: count }, (_, i) => o.port + 10 + i);
  // The rendering processes (issue 30) on the ports between the remotes' and the API's.
  const renderCount = Math.min(5, o.renderProcesses ?? Number(process.env.RENDER_PROCESSES ?? 1));
  const renderPorts = Array.from({ length: renderCount }, (_, i) => o.port + 5 + i);
  for (const dir of ['logs', 'tmp', 'data']) fs.mkdirSync(path.join(stateDir, dir), { recursive: true });
  const events = new EventEmitter();
  const busy = await firstBusyPort([o.port, ...remotes.map((r) => o.port + r.offset), ...apiPorts, ...renderPorts]);
  if (busy !== null) throw new Error(`port ${busy} is already in use (EADDRINUSE)`);

  const nginx = ensureNginx(log);
  if (await ensureDatabase(o.databaseUrl)) log(`created the database ${new URL(o.databaseUrl).pathname.slice(1)}`);

  // One secret for every process (a token signed by one is checked by another).
  const secretFile = path.join(stateDir, 'jwt-secret');
  if (!fs.existsSync(secretFile)) {
    fs.writeFileSync(secretFile, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  const origin = `http://localhost:${o.port}`;
  const apiEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    REDIS_PREFIX: o.redisPrefix ?? `store-cluster-${o.port}:`,
    JWT_SECRET: fs.readFileSync(secretFile, 'utf8').trim(),
    DATA_DIR: path.join(stateDir, 'data'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // nginx on loopback sets X-Forwarded-For: the client address for the rate limits.
    TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
    PUBLIC_URL: origin,
    // Released builds (pnpm release), served by nginx under /builds/; /remotes.json is the API's, per visitor.
    RELEASES_DIR: path.join(stateDir, 'releases'),
    REMOTES_BASE: JSON.stringify(
      Object.fromEntries(
        remotes.map((r) => [r.name, { entry: `http://localhost:${o.port + r.offset}/mf-manifest.json` }]),
      ),
    ),
    CORS_ORIGINS: [0, 1, 2, 3, 4]
      .flatMap((d) => [`http://localhost:${o.port + d}`, `http://127.0.0.1:${o.port + d}`])
      .join(','),
    ...o.env,
  };
  const server = path.join(root, 'api', 'dist', 'server.js');

  // Migrations (and the demo data of an empty database) once, under PostgreSQL's advisory lock,
  // before any process starts; each process then finds the journal up to date.
  log(`migrating ${new URL(o.databaseUrl).pathname.slice(1)} (once, under the start-up lock)`);
  log(await runNode([server, '--migrate-only'], apiEnv));

  let stopping = false;
  const processes = apiPorts.map((port, index) => ({ index, port, child: null, restarts: 0, startedAt: 0 }));

  const spawnApi = (proc) => {
    const out = fs.openSync(path.join(stateDir, 'logs', `api-${proc.index + 1}.log`), 'a');
    proc.startedAt = Date.now();
    proc.child = spawn(process.execPath, [server], {
      cwd: root,
      env: { ...apiEnv, PORT: String(proc.port) },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    const child = proc.child;
    child.on('exit', (code, signal) => {
      if (stopping || proc.child !== child) return;
      proc.child = null;
      // A process that dies right after starting is restarted more slowly (up to 5 s).
      const quick = Date.now() - proc.startedAt < 5000;
      const delay = quick ? Math.min(5000, 250 * 2 ** Math.min(proc.restarts, 5)) : 250;
      proc.restarts += 1;
      log(
        `API process ${proc.index + 1} (:${proc.port}) stopped (${signal ?? `exit ${code}`}); restarting in ${delay} ms`,
      );
      events.emit('exit', { index: proc.index, code, signal });
      setTimeout(() => {
        if (stopping) return;
        spawnApi(proc);
        const restarted = proc.child;
        void waitForHealth(`http://127.0.0.1:${proc.port}/api/health`, 60_000, () => proc.child === restarted).then(
          (ok) => ok && events.emit('restarted', { index: proc.index, pid: restarted.pid }),
        );
      }, delay);
    });
  };

  // The rendering processes: each restarted when it stops (nginx serves the static shell meanwhile).
  const renderers = renderPorts.map((port, index) => ({ index, port, child: null }));
  const renderScript = path.join(root, 'scripts', 'render-server.mjs');
  const spawnRenderer = (proc) => {
    const out = fs.openSync(path.join(stateDir, 'logs', `render-${proc.index + 1}.log`), 'a');
    proc.child = spawn(process.execPath, [renderScript], {
      cwd: root,
      env: {
        ...apiEnv,
        RENDER_PORT: String(proc.port),
        // Its API calls go through nginx, to whichever API process answers.
        API_URL: `http://127.0.0.1:${o.port}`,
        ...(o.remotesFile ? { REMOTES_CONFIG: path.resolve(o.remotesFile) } : {}),
      },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    const child = proc.child;
    child.on('exit', (code, signal) => {
      if (stopping || proc.child !== child) return;
      proc.child = null;
      log(`rendering process ${proc.index + 1} (:${proc.port}) stopped (${signal ?? `exit ${code}`}); restarting`);
      setTimeout(() => !stopping && spawnRenderer(proc), 500);
    });
  };

  let proxy = null;
  // However this process ends (even by a failure before nginx is up), no API process or nginx outlives it.
  process.once('exit', () => {
    stopping = true;
    for (const p of [...processes, ...renderers]) p.child?.kill('SIGKILL');
    proxy?.kill('SIGTERM');
  });

  for (const proc of processes) spawnApi(proc);
  for (const proc of processes) {
    const ok = await waitForHealth(`http://127.0.0.1:${proc.port}/api/health`, 120_000);
    if (!ok) {
      stopping = true;
      for (const p of processes) p.child?.kill('SIGTERM');
      throw new Error(
        `API process ${proc.index + 1} did not become healthy; see ${path.join(stateDir, 'logs', `api-${proc.index + 1}.log`)}`,
      );
    }
  }

  const confFile = path.join(stateDir, 'nginx.conf');
  fs.writeFileSync(
    confFile,
    nginxConfig({
      prefix: stateDir,
      port: o.port,
      apiPorts,
      shellDir: path.join(root, 'shell', 'dist'),
      remotes: remotes.map((r) => ({ name: r.name, dir: path.join(root, r.dir, 'dist'), port: o.port + r.offset })),
      remotesFile: o.remotesFile ? path.resolve(o.remotesFile) : undefined,
      releasesDir: path.join(stateDir, 'releases'),
      brotli: nginx.brotli,
      health: o.health,
      renderPorts,
    }),
  );
  const nginxArgs = ['-p', stateDir, '-c', confFile, '-e', path.join(stateDir, 'logs', 'error.log')];
  const check = spawnSync(nginx.bin, [...nginxArgs, '-t', '-q'], { encoding: 'utf8' });
  if (check.status !== 0) {
    stopping = true;
    for (const p of processes) p.child?.kill('SIGTERM');
    throw new Error(`nginx rejected ${confFile}:\n${check.stderr}`);
  }

  const spawnNginx = () => {
    const errors = fs.openSync(path.join(stateDir, 'logs', 'nginx.log'), 'a');
    proxy = spawn(nginx.bin, [...nginxArgs, '-g', 'daemon off;'], { stdio: ['ignore', errors, errors] });
    fs.closeSync(errors);
    const child = proxy;
    child.on('exit', (code, signal) => {
      if (stopping || proxy !== child) return;
      log(`nginx stopped (${signal ?? `exit ${code}`}); restarting`);
      setTimeout(() => !stopping && spawnNginx(), 500);
    });
  };
  spawnNginx();
  for (const proc of renderers) spawnRenderer(proc);
  const url = `http://localhost:${o.port}/`;
  if (!(await waitForHealth(`http://127.0.0.1:${o.port}/api/health`, 30_000, () => proxy?.exitCode === null))) {
    stopping = true;
    for (const p of processes) p.child?.kill('SIGTERM');
    proxy?.kill('SIGTERM');
    throw new Error(`nginx did not answer on port ${o.port}; see ${path.join(stateDir, 'logs')}`);
  }

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const exits = [...processes.map((p) => p.child), ...renderers.map((p) => p.child), proxy]
      .filter((c) => c && c.exitCode === null && c.signalCode === null)
      .map((c) => new Promise((resolve) => c.once('exit', resolve)));
    for (const p of [...processes, ...renderers]) p.child?.kill('SIGTERM');
    proxy?.kill('SIGQUIT'); // nginx: graceful shutdown
    await Promise.race([Promise.all(exits), sleep(12_000)]);
  };

  return {
    url,
    origin,
    port: o.port,
    apiPorts,
    renderPorts,
    stateDir,
    events,
    /** The pid of API process `index` (null while it is being restarted). */
    pid: (index) => processes[index].child?.pid ?? null,
    restarts: (index) => processes[index].restarts,
    /** Resolves when process `index` is healthy again after a restart. */
    waitHealthy: (index, timeoutMs = 60_000) =>
      waitForHealth(`http://127.0.0.1:${apiPorts[index]}/api/health`, timeoutMs),
    stop,
  };
}
