import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { seedIfEmpty } from '../seed';
import { testConfig } from './fixture';
import { TEST_REDIS_URL, redisUnreachable } from './redisProbe';

const REDIS_URL = TEST_REDIS_URL;

/** Two API processes on one database and one Redis, as behind a load balancer. */
describe('shared state through Redis (two app instances)', () => {
  const prefix = `store-test-${crypto.randomBytes(4).toString('hex')}:`;
  let skipReason: string | null = null;
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let redis: Redis;

  beforeAll(async () => {
    skipReason = await redisUnreachable();
    if (skipReason) {
      console.warn(`[redis] skipped: ${REDIS_URL} unreachable (${skipReason})`);
      return;
    }
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedIfEmpty(database.db, 'small');
    const config = testConfig({ redisUrl: REDIS_URL, redisPrefix: prefix, authRateLimit: 3 });
    a = await buildApp(config, { database });
    b = await buildApp(config, { database });
    redis = new Redis(REDIS_URL);
    // The API never waits for Redis (no offline queue): until its connection is ready it answers from
    // the in-process cache. On a busy machine that can outlast the first request, so wait for it here.
    const deadline = Date.now() + 10_000;
    while (!(a.redis?.isUp() && b.redis?.isUp()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(a.redis?.isUp() && b.redis?.isUp()).toBe(true);
  });

  afterAll(async () => {
    if (skipReason) return;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await a.close();
    await b.close();
    await database.close();
  });

  it('keeps the categories cache in Redis and invalidates it for every instance', async () => {
    if (skipReason) return;
    const first = await a.inject({ method: 'GET', url: '/api/products/categories' });
    expect(first.statusCode).toBe(200);
    expect(await redis.get(`${prefix}categories:v1`)).toBe(first.body);
    expect((await b.inject({ method: 'GET', url: '/api/products/categories' })).body).toBe(first.body);

    const login = await a.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: 'Admin1234' },
    });
    const created = await a.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { authorization: `Bearer ${login.json().access}` },
      payload: { name: 'Redis Test Category' },
    });
    expect(created.statusCode).toBe(201);
    const fromB = (await b.inject({ method: 'GET', url: '/api/products/categories' })).json().data;
    expect(fromB.some((c: { name: string }) => c.name === 'Redis Test Category')).toBe(true);
  });

  it('counts login attempts across instances', async () => {
    if (skipReason) return;
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'x' },
        remoteAddress: '10.9.8.7',
      });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    const limited = await attempt(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/throttled/);
    expect((await redis.keys(`${prefix}rl:*`)).length).toBeGreaterThan(0);
  });
});
