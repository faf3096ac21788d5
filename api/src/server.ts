import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_ADMIN, DEMO_SHOPPER, seedIfEmpty } from './seed';

/** `--migrate-only`: migrate (and seed an empty database) under the start-up lock, then exit. */
async function migrateOnly() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const seeded = await database.exclusive(async (startupDb) => {
      await database.migrate();
      return config.seed === 'none' ? null : seedIfEmpty(startupDb, config.seed);
    });
    console.log(seeded ? `migrated and seeded (${JSON.stringify(seeded)})` : 'migrated');
  } finally {
    await database.close();
  }
}

async function main() {
  if (process.argv.includes('--migrate-only')) return migrateOnly();
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  app.log.info(
    { url, database: app.database.driver, cache: app.cache.kind },
    `API listening on ${url}/api (docs: ${url}/api/docs)`,
  );
  if (config.seed === 'demo') {
    app.log.info(
      `demo shopper: ${DEMO_SHOPPER.email} / ${DEMO_SHOPPER.password}   demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    );
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
