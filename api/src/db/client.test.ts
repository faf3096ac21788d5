import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/errors';
import { openDatabase, PG_TIMEOUTS } from './client';

const pgAvailable = process.env.API_TEST_PG === 'available';
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Resolves once no statement whose text contains `marker` runs on the server any more (bounded). */
async function untilServerIdle(marker: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  try {
    for (let i = 0; i < 200; i++) {
      const { rows } = await probe.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()`,
        [`%${marker}%`],
      );
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the statement ${marker} still runs`);
  } finally {
    await probe.end();
  }
}

(pgAvailable ? describe : describe.skip)('PostgreSQL pool: a query the client stopped waiting for', () => {
  it('leaves no transaction open for the requests that come after it', async () => {
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const marker = `slow_${crypto.randomBytes(4).toString('hex')}`;
    try {
      // The server answers after the client gave up on the query (query_timeout) and on the
      // transaction's ROLLBACK queued behind it: a server too loaded to answer in time.
      const seconds = (PG_TIMEOUTS.queryMs * 2.5) / 1000;
      const change = database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL statement_timeout = 0`);
        await tx.execute(sql.raw(`SELECT pg_sleep(${seconds}) AS ${marker}`));
      });
      // The change fails as the database not answering in time (a 503 with Retry-After).
      const failure = await change.then(
        () => 'committed',
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await untilServerIdle(marker);
      for (let i = 0; i < 4; i++) {
        // Outside a transaction block, a statement's transaction starts with it.
        const result = await database.db.execute(sql`SELECT now() = statement_timestamp() AS fresh`);
        expect(result).toMatchObject({ rows: [{ fresh: true }] });
      }
    } finally {
      await database.close();
    }
  }, 30_000);
});
