import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../app';
import { type ApiProcess, startApiProcess, stopApiProcess } from '../../test/apiProcess';
import { testConfig, throwawayDatabase } from '../../test/fixture';

const pgAvailable = process.env.API_TEST_PG === 'available';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * kill -9 of an API process in the middle of an add-to-cart, after the new quantity is written and
 * before the answer is stored under its Idempotency-Key; the client's retry (same key) goes to another
 * process. The quantity must go up once: the change and the key commit together or not at all.
 * (With the key stored apart from the change, the killed process left the new quantity and a claim
 * without an answer, and the retry added a second one after the claim went stale.)
 */
describe('add-to-cart when its process is killed mid-change (PostgreSQL, two processes)', () => {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let other: FastifyInstance | undefined;
  let doomed: ApiProcess | undefined;
  let locker: pg.Client | undefined;

  afterAll(async () => {
    if (doomed && doomed.child.exitCode === null && doomed.child.signalCode === null) doomed.child.kill('SIGKILL');
    await stopApiProcess(doomed);
    await locker?.end().catch(() => undefined);
    await other?.close();
    await database?.drop();
  });

  (pgAvailable ? it : it.skip)(
    'the retry with the same key adds once',
    async () => {
      database = await throwawayDatabase();
      const jwtSecret = crypto.randomBytes(32).toString('hex');
      // The surviving process (in this test process) migrates and seeds the database.
      other = await buildApp(testConfig({ databaseUrl: database.url, jwtSecret }));
      doomed = startApiProcess({
        DATABASE_URL: database.url,
        JWT_SECRET: jwtSecret,
        PORT: '0',
        HOST: '127.0.0.1',
      });
      const doomedUrl = await doomed.listening;

      const email = `kill-${crypto.randomBytes(4).toString('hex')}@example.com`;
      const registered = await other.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { first_name: 'Kill', last_name: 'Nine', username: 'killnine', email, password: 'Passw0rdX' },
      });
      expect(registered.statusCode).toBe(201);
      const { access } = (
        await other.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Passw0rdX' } })
      ).json();
      const list = (await other.inject({ method: 'GET', url: '/api/products?in_stock=true&page_size=1' })).json();
      const detail = (await other.inject({ method: 'GET', url: `/api/products/${list.data[0].id}` })).json();
      const variant = detail.variants.find((v: { stock: number }) => v.stock >= 3);
      const line = { product_id: detail.id, variant_id: variant.id };
      const key = crypto.randomUUID();

      // Reading the cart back (after the quantity is written) needs the categories table: hold it
      // locked, so the doomed process stops right there, inside its change.
      locker = new pg.Client({ connectionString: database.url });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE categories IN ACCESS EXCLUSIVE MODE');
      const lost = fetch(`${doomedUrl}/api/products/add-to-cart`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(line),
      }).then(
        (res) => res.status,
        () => 'no answer',
      );
      // Polled until the doomed process waits on the lock (or has answered, which fails below): on a
      // loaded machine its request may take longer than any fixed count of polls (the test's timeout
      // bounds it).
      let waiting = 0;
      let answered = false;
      void lost.finally(() => {
        answered = true;
      });
      while (waiting === 0 && !answered) {
        await sleep(100);
        const { rows } = await locker.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
        );
        waiting = rows[0].n;
      }
      expect(waiting).toBe(1);
      // The doomed process has written the new quantity and waits to read the cart back: kill it.
      process.kill(doomed.pid, 'SIGKILL');
      expect(await doomed.exited).toBe('SIGKILL');
      expect(await lost).toBe('no answer');
      await locker.query('COMMIT');

      // The client's retry, with the same key, reaches the other process.
      const retried = await other.inject({
        method: 'POST',
        url: '/api/products/add-to-cart',
        headers: { authorization: `Bearer ${access}`, 'idempotency-key': key },
        payload: line,
      });
      expect(retried.statusCode).toBe(200);
      const quantity = (body: { cart: { cart_items: { variant: { id: number }; quantity: number }[] } }) =>
        body.cart.cart_items.find((l) => l.variant.id === variant.id)?.quantity ?? 0;
      expect(quantity(retried.json())).toBe(1);
      // And a further repeat gets that answer back, still one.
      const again = await other.inject({
        method: 'POST',
        url: '/api/products/add-to-cart',
        headers: { authorization: `Bearer ${access}`, 'idempotency-key': key },
        payload: line,
      });
      expect(again.headers['idempotent-replayed']).toBe('true');
      const me = await other.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${access}` },
      });
      expect(quantity(me.json())).toBe(1);
    },
    90_000,
  );
  if (!pgAvailable) console.warn(`[kill mid-change] skipped: PostgreSQL ${process.env.API_TEST_PG ?? 'not checked'}`);
});
