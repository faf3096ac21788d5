import { buildApp } from '../app';
import { testConfig, throwawayDatabase } from '../test/fixture';

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
  if (!pg) console.warn(`[startup] PostgreSQL test skipped: ${process.env.API_TEST_PG ?? 'not checked'}`);
});
