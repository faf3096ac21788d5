#!/usr/bin/env node
// pnpm start:cluster: the store past one process. Builds once, migrates once (under a lock), then
// runs API_PROCESSES API processes on PostgreSQL and Redis behind Debian's nginx, restarts a process
// that dies, and prints the one URL to open.
import { startCluster } from './lib/cluster.mjs';
import { ensurePnpm, installDependencies, log, run } from './lib/run.mjs';

const args = new Set(process.argv.slice(2));
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const processes = Number(process.env.API_PROCESSES ?? 2);
if (!Number.isInteger(processes) || processes < 1 || processes > 16) {
  log('API_PROCESSES must be a whole number from 1 to 16');
  process.exit(1);
}

if (!args.has('--no-install')) {
  ensurePnpm();
  installDependencies();
}
if (!args.has('--no-build')) {
  log('building the API, the shell and the remotes (production)');
  run('pnpm', ['build']);
}

let cluster;
try {
  cluster = await startCluster({
    port,
    processes,
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/store_cluster',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: process.env.REDIS_PREFIX,
    remotesFile: process.env.REMOTES_CONFIG,
  });
} catch (error) {
  log(`the cluster did not start: ${error.message}`);
  if (/EADDRINUSE|Address already in use/.test(error.message)) {
    log(`a port from ${port} is busy; pick others: CLUSTER_PORT=9000 pnpm start:cluster`);
  }
  process.exit(1);
}
log(`${processes} API processes (:${cluster.apiPorts.join(', :')}) behind nginx; logs in ${cluster.stateDir}/logs`);
log('demo shopper: shopper@example.com / Shopper123   demo admin: admin@example.com / Admin1234');
process.stdout.write(`\nThe store is running: ${cluster.url}\n\n`);

const shutdown = async () => {
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
