import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './dataLock';
import { applyRepeatable, scriptRunner } from './repeatable';
import { Gate } from './gate';
import * as tables from './schema';
import * as releaseTables from '../modules/releases/schema';
import * as searchTables from '../modules/search/schema';
import * as supportTables from '../modules/support/schema';

/** Every table: the store's (db/schema.ts) and those of the modules that keep their own. */
export const schema = { ...tables, ...releaseTables, ...searchTables, ...supportTables };
export type Schema = typeof schema;
type Queries = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The one database type both drivers satisfy: every query is written once against it. It carries its
 * driver's client (queryRows sends prepared statements through it), which a transaction has not.
 */
export type Db = Queries & { $client: pg.Pool | pg.Client | PGlite };
/** A transaction on either driver (`db.transaction((tx) => ...)`). */
export type Tx = Parameters<Parameters<Queries['transaction']>[0]>[0];
/** What a function that may run inside a caller's transaction takes. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the start-up lock, so processes starting together migrate and seed once.
   * `fn` gets a database handle for start-up work: on PostgreSQL a connection without the requests'
   * statement timeout (seeding 100,000 products takes longer than any request may).
   */
  exclusive<T>(fn: (startupDb: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const dialect = new PgDialect();

/** db.execute answers { rows } on both drivers; typed here once. */
export type ExecRows<T> = { rows?: T[] } | T[];
export const rowsOf = <T>(result: ExecRows<T>): T[] => (Array.isArray(result) ? result : (result.rows ?? []));

/** A statement compiled once per shape: its text, prepared-statement name and parameters (see queryRows). */
interface Statement {
  text: string;
  name: string;
  params: unknown[];
}
const statements = new Map<string, Statement>();
/** Shapes are few (sort, which filters, how many search words); the bound only guards against a bug. */
const MAX_STATEMENTS = 2000;

/**
 * Runs a statement the storefront sends on every page (a list, a search) and answers its rows.
 *
 * `shape` names the statement's text: `build` makes it (with `sql.placeholder(name)` where the request's
 * values go, filled from `values`) only the first time that shape is seen. Turning drizzle's SQL into
 * text and naming it cost ~0.2 ms of API CPU per list page (the card JSON is a long expression), more
 * than the rest of the request's own work; now it is a map lookup.
 *
 * On PostgreSQL, with `prepare`, it is a named prepared statement, named after its text: each pooled
 * connection parses it once, and once PostgreSQL finds a generic plan as good as those it made for the
 * values, it stops planning it (for a list page at 100,000 products, planning took about as long as
 * running). Only for statements whose best plan does not depend on the values: a generic plan for a
 * price range walks the whole newest-first index when the range holds few products (42 ms instead of
 * 0.1, measured at 100,000), so those are planned each time (`prepare: false`). PGlite: a plain query.
 *
 * On PostgreSQL a few run at once (the pool's gate, gate.ts), the others waiting their turn.
 */
export async function queryRows<T>(
  db: Db,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
  options: { prepare: boolean },
): Promise<T[]> {
  let statement = statements.get(shape);
  if (!statement) {
    const { sql: text, params } = dialect.sqlToQuery(build());
    const name = `store_${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statement = { text, name, params };
    statements.set(shape, statement);
  }
  const params = fillPlaceholders(statement.params, values);
  const client = db.$client;
  if (client instanceof pg.Pool) {
    const config = options.prepare
      ? { name: statement.name, text: statement.text, values: params }
      : { text: statement.text, values: params };
    const run = async () => (await client.query<T & pg.QueryResultRow>(config)).rows;
    const gate = pageGates.get(client);
    return gate ? gate.run(run) : run();
  }
  if (client instanceof PGlite) return (await client.query<T>(statement.text, params)).rows;
  throw new Error('queryRows: neither a PostgreSQL pool nor PGlite');
}

/** src/db/migrations when running from source, dist/migrations in the build (copied there). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

const STARTUP_LOCK = 72_707_301;

/** Each pool's limit on the pages (queryRows) PostgreSQL works on at once: see gate.ts. */
const pageGates = new WeakMap<pg.Pool, Gate>();

/**
 * PostgreSQL timeouts. connect: waiting for a connection (a new one, or a free one from the pool);
 * query: the client gives up on a query whose answer does not come (a hung server or network, where
 * the server-side timeout cannot help); statement: the server cancels a query running longer.
 *
 * One wait for both ways of meeting a hung database: a request on a connection already in the pool
 * gets its 503 after `queryMs`, one that opens a new connection after `connectMs`, both 2 s (the
 * pooled ones waited 6 s before, issue 32.5). The server's own limit is a little shorter, so a query
 * that is only slow is cancelled by PostgreSQL (its connection stays usable) before the client gives
 * up on it. The store's statements take milliseconds (api README, Benchmark); see
 * docs/decisions/0013-one-database-timeout.md. Migrations run with their own settings (see migrate).
 */
export const PG_TIMEOUTS = { connectMs: 2000, statementMs: 1500, queryMs: 2000, idleInTransactionMs: 10_000 };

async function startupClient(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000, keepAlive: true });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  pageConcurrency?: number;
  pgliteTemplate?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // Changes that must not run twice (add to cart, place an order) hold a connection for their
      // whole transaction; at 200 shoppers on 2 processes 10 were too few (pool waits past connectMs,
      // 503s). Idle connections are kept 30 s so a burst does not pay for new ones.
      max: 16,
      idleTimeoutMillis: 30_000,
      // A database that hangs or is gone must not hang the API: see PG_TIMEOUTS.
      connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
      statement_timeout: PG_TIMEOUTS.statementMs,
      query_timeout: PG_TIMEOUTS.queryMs,
      idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransactionMs,
      // No JIT: the store's queries are short; compiling a broad search's plan cost ~20 ms of its ~360
      // (EXPLAIN ANALYZE, 100,000 products) and never paid back.
      options: '-c jit=off',
      keepAlive: true,
    });
    // Lists and searches: a few at once (twice the cores unless configured), each waiting for its turn
    // no longer than for a connection. Other statements (a sign-in, an order) do not wait behind them.
    pageGates.set(pool, new Gate(options.pageConcurrency ?? 2 * os.availableParallelism(), PG_TIMEOUTS.connectMs));
    // An idle client losing its connection must not crash the process (the pool drops it).
    pool.on('error', () => undefined);
    // Nor may a checked-out one: a transaction holds its client between queries, and the pool listens
    // only to idle clients. Its next query fails instead ("not queryable": a 503), and the pool drops
    // it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // A client given back while a query is still outstanding on it (the client stopped waiting at
    // query_timeout; the server may yet run it) is not clean: the statements queued behind it, such as
    // a transaction's ROLLBACK, were dropped, so the next request would run inside a transaction left
    // open, until PostgreSQL ends it (idle_in_transaction_session_timeout: a 500). End it instead; the
    // pool drops a client that is ending when it comes back.
    pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
      if ((client as pg.PoolClient & { activeQuery?: unknown }).activeQuery) void client.end().catch(() => undefined);
    });
    const db = drizzlePg(pool, { schema }) satisfies Db;
    return {
      db,
      driver: 'postgres',
      // Start-up work has no statement timeout: a migration may build an index for longer than a
      // request may take, and waiting for the start-up lock lasts as long as another process migrates.
      migrate: async () => {
        const client = await startupClient(options.databaseUrl!);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
          await applyRepeatable(scriptRunner(client));
        } finally {
          await client.end();
        }
      },
      exclusive: async (fn) => {
        // A session-level advisory lock on a dedicated connection, which also does the start-up work
        // (no statement timeout on it: see PG_TIMEOUTS).
        const lockClient = await startupClient(options.databaseUrl!);
        try {
          await lockClient.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await fn(drizzlePg(lockClient, { schema }));
        } finally {
          await lockClient.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
          await lockClient.end().catch(() => undefined);
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  let dataPath: string | undefined;
  let lock: DataDirLock | undefined;
  if (!inMemory) {
    // Single writer: refuses (naming the other process) before touching the files.
    lock = lockDataDir(options.dataDir);
    dataPath = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  let client: PGlite;
  try {
    // The shop search's extensions, as on PostgreSQL: pg_trgm (typos, migration 0004) and intarray (its id
    // lists, 0020).
    // From a template: PGlite unpacks its files instead of running initdb (and the migrations).
    const loadDataDir =
      inMemory && options.pgliteTemplate ? new Blob([fs.readFileSync(options.pgliteTemplate)]) : undefined;
    client = await PGlite.create(dataPath ?? 'memory://', { extensions: { pg_trgm, intarray }, loadDataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) satisfies Db;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
      await applyRepeatable(scriptRunner(client));
    },
    // One process owns an embedded database: nothing to coordinate.
    exclusive: (fn) => fn(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
