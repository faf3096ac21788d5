import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { CHECKOUT, testConfig, throwawayDatabase } from '../../test/fixture';

const pg = process.env.API_TEST_PG === 'available';

/**
 * Two API instances on one PostgreSQL database, each with its own connection pool and memory, as
 * two processes behind a load balancer: an Idempotency-Key used on one is honoured by the other.
 */
describe('Idempotency-Key across two API instances on one PostgreSQL database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!pg) return;
    const db = await throwawayDatabase();
    drop = db.drop;
    const config = testConfig({ databaseUrl: db.url });
    [a, b] = await Promise.all([buildApp(config), buildApp(config)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  async function shopperWithCart(app: FastifyInstance) {
    const id = crypto.randomBytes(4).toString('hex');
    const email = `idem-${id}@example.com`;
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { first_name: 'Idem', last_name: 'Potent', username: `idem-${id}`, email, password: 'Passw0rdX' },
    });
    const { access } = (
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Passw0rdX' } })
    ).json();
    const list = (await app.inject({ method: 'GET', url: '/api/products?in_stock=true&page_size=1' })).json();
    const detail = (await app.inject({ method: 'GET', url: `/api/products/${list.data[0].id}` })).json();
    const variant = detail.variants.find((v: { stock: number }) => v.stock >= 1);
    const added = await app.inject({
      method: 'POST',
      url: '/api/products/add-to-cart',
      headers: { authorization: `Bearer ${access}` },
      payload: { product_id: detail.id, variant_id: variant.id },
    });
    expect(added.statusCode).toBe(200);
    return access as string;
  }

  const place = (app: FastifyInstance, token: string, key: string, payload: object = CHECKOUT) =>
    app.inject({
      method: 'POST',
      url: '/api/users/me/orders',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload,
    });
  const myOrders = async (app: FastifyInstance, token: string) =>
    (await app.inject({ method: 'GET', url: '/api/users/me/orders', headers: { authorization: `Bearer ${token}` } }))
      .json()
      .data.map((o: { id: number }) => o.id);

  (pg ? it : it.skip)(
    'answers a retry on the other instance with the same order, and 422 for another body',
    async () => {
      const token = await shopperWithCart(a);
      const key = crypto.randomUUID();
      const first = await place(a, token, key);
      expect(first.statusCode).toBe(201);
      const retry = await place(b, token, key);
      expect(retry.statusCode).toBe(201);
      expect(retry.body).toBe(first.body);
      expect(await myOrders(b, token)).toEqual([first.json().id]);
      const other = await place(b, token, key, { ...CHECKOUT, payment_method: 'CASH_ON_DELIVERY' });
      expect(other.statusCode).toBe(422);
    },
  );

  (pg ? it : it.skip)(
    'six submits at once, three per instance, with one key: one order, six identical answers',
    async () => {
      const token = await shopperWithCart(b);
      const key = crypto.randomUUID();
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => place(i % 2 === 0 ? a : b, token, key)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      expect(await myOrders(a, token)).toEqual([answers[0]!.json().id]);
    },
  );
});
