import { buildApp } from '../app';
import { testConfig, throwawayDatabase } from '../test/fixture';
import { sql } from 'drizzle-orm';
import { PG_TIMEOUTS } from './client';

const pg = process.env.API_TEST_PG === 'available';

describe('start-up on a shared PostgreSQL', () => {
  (pg ? it : it.skip)('lets two processes start together: one migrates and seeds, both serve', async () => {
    const database = await throwawayDatabase();
    try {
      const config = testConfig({ databaseUrl: database.url });
      const [a, b] = await Promise.all([buildApp(config), buildApp(config)]);
      try {
        const login = await a.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'admin@example.com', password: 'Admin1234' },
        });
        const token = login.json().access;
        const customers = await b.inject({
          method: 'GET',
          url: '/api/admin/customers?page_size=100',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(customers.statusCode).toBe(200);
        // Seeded once: exactly one demo shopper.
        expect(customers.json().data.filter((c: { email: string }) => c.email === 'shopper@example.com')).toHaveLength(
          1,
        );
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await database.drop();
    }
  });
  (pg ? it : it.skip)(
    "seeds a large catalogue at start-up: start-up work is not cut off by the requests' statement timeout",
    async () => {
      const database = await throwawayDatabase();
      const statementMs = PG_TIMEOUTS.statementMs;
      // A request may run 5 s; growing the catalogue to thousands of products takes longer on a busy
      // machine. Shrunk here so the seed surely outlasts it: before the fix the start-up failed with
      // "canceling statement due to statement timeout".
      PG_TIMEOUTS.statementMs = 20;
      try {
        const app = await buildApp(testConfig({ databaseUrl: database.url, seedProducts: 3000 }));
        try {
          const list = await app.inject({ method: 'GET', url: '/api/products?page_size=1' });
          expect(list.statusCode).toBe(200);
          expect(list.json().meta.total).toBeGreaterThanOrEqual(1000);
          // Requests keep their timeout.
          const slow = await app.db.execute(sql`SELECT pg_sleep(0.2)`).then(
            () => 'finished',
            (error: Error & { cause?: Error }) => (error.cause ?? error).message,
          );
          expect(slow).toMatch(/statement timeout/);
          // And no JIT compilation for the short queries of a shop.
          const jit = (await app.db.execute(sql`SHOW jit`)) as unknown as { rows: { jit: string }[] };
          expect(jit.rows[0]?.jit).toBe('off');
        } finally {
          await app.close();
        }
      } finally {
        PG_TIMEOUTS.statementMs = statementMs;
        await database.drop();
      }
    },
  );
  if (!pg) console.warn(`[startup] PostgreSQL test skipped: ${process.env.API_TEST_PG ?? 'not checked'}`);
});
