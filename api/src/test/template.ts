import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { seedIfEmpty } from '../seed';

/**
 * The API suites' starting database, made once per jest run (jest.global-setup.cjs): migrated and
 * seeded with the small demo data, as `buildApp(testConfig())` would leave a fresh one. Each suite
 * starts from a copy instead of migrating and seeding again: PGlite loads a dump of the template's
 * files (no initdb, no migrations), PostgreSQL copies a template database (CREATE DATABASE ...
 * TEMPLATE). See docs/decisions/0090-a-faster-npm-test.md.
 */
export const TEMPLATE_ENV = { pglite: 'API_TEST_PGLITE_TEMPLATE', postgres: 'API_TEST_PG_TEMPLATE' } as const;

const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function migrateAndSeed(database: Database): Promise<void> {
  await database.exclusive(async (startupDb) => {
    await database.migrate();
    await seedIfEmpty(startupDb, 'small');
  });
}

async function pgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateAndSeed(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // A copy of a running PGlite is recovered like one after a crash: without a checkpoint its
    // sequences would jump ahead (by the values PostgreSQL logs in advance), unlike a fresh database's.
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

async function postgresTemplate(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  try {
    await migrateAndSeed(database);
  } finally {
    // No connection may stay open to a template being copied.
    await database.close();
  }
}

/** Makes the templates and names them in the environment the test workers inherit. */
export async function createTemplates(options: { postgres: boolean }): Promise<void> {
  const id = `${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const file = path.join(os.tmpdir(), `store_api_template_${id}.tar`);
  const name = `store_api_template_${id}`;
  await Promise.all([
    pgliteTemplate(file).then(() => {
      process.env[TEMPLATE_ENV.pglite] = file;
    }),
    options.postgres
      ? postgresTemplate(name).finally(() => {
          // Named even when making it failed half-way, so that the teardown drops it.
          process.env[TEMPLATE_ENV.postgres] = name;
        })
      : undefined,
  ]);
}

export async function dropTemplates(): Promise<void> {
  const file = process.env[TEMPLATE_ENV.pglite];
  if (file) fs.rmSync(file, { force: true });
  const name = process.env[TEMPLATE_ENV.postgres];
  if (name) {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
}
