import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { seedIfEmpty } from '../seed';
import { ADMIN, testConfig } from './fixture';
import { TEST_REDIS_URL, redisUnreachable } from './redisProbe';
import { DOWN_DETAIL } from '../modules/health/routes';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

const REDIS = new URL(TEST_REDIS_URL);

const tag = () => crypto.randomBytes(4).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Redis refusing or hanging (through a proxy this test owns): limits hold, requests stay fast, health tells. */
describe('Redis down: the API keeps its limits, answers fast and says it is degraded', () => {
  let skipReason: string | null = null;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  const prefix = `store-outage-${tag()}:`;

  beforeAll(async () => {
    skipReason = await redisUnreachable();
    if (skipReason) {
      console.warn(`[redis outage] skipped: ${REDIS.toString()} unreachable (${skipReason})`);
      return;
    }
    proxy = await startTcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedIfEmpty(database.db, 'small');
    app = await buildApp(
      testConfig({ redisUrl: proxy.url('redis'), redisPrefix: prefix, authRateLimit: 10, authAccountLimit: 10 }),
      { database },
    );
    await waitFor(async () => (await health()).json().status === 'ok', 5000);
  });

  afterAll(async () => {
    if (skipReason) return;
    await proxy.setMode('pass');
    const redis = new Redis(REDIS.toString());
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await app.close();
    await database.close();
    await proxy.close();
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
    const start = Date.now();
    while (!(await check())) {
      if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
      await sleep(50);
    }
    return Date.now() - start;
  }
  const login = (email: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Wrong1234' },
      remoteAddress: ip,
    });

  /**
   * 30 attempts from one IP (each on a new e-mail) and 30 on one e-mail (each from a new IP): how many
   * were not refused. Every answer must be 401 or 429 (a 5xx would count as allowed and be reported).
   */
  async function allowed(attempts: number) {
    const ip = `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}.1`;
    const byIp: number[] = [];
    for (let i = 0; i < attempts; i++) byIp.push((await login(`ip-${tag()}@example.com`, ip)).statusCode);
    const email = `acct-${tag()}@example.com`;
    const byAccount: number[] = [];
    for (let i = 0; i < attempts; i++) byAccount.push((await login(email, `172.16.${i}.${1 + (i % 200)}`)).statusCode);
    expect([...byIp, ...byAccount].filter((s) => s !== 401 && s !== 429)).toEqual([]);
    return { perIp: byIp.filter((s) => s !== 429).length, perAccount: byAccount.filter((s) => s !== 429).length };
  }

  /** The slowest of `n` answers, in ms. */
  async function slowest(n: number, request: () => Promise<unknown>) {
    let max = 0;
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      await request();
      max = Math.max(max, performance.now() - start);
    }
    return Math.round(max);
  }
  const catalogue = () => app.inject({ method: 'GET', url: `/api/products?page_size=24&search=${tag()}` });

  it('with Redis up: 10 attempts per IP and 10 per account', async () => {
    if (skipReason) return;
    expect(await allowed(30)).toEqual({ perIp: 10, perAccount: 10 });
    expect(app.limiter.kind()).toBe('redis');
  });

  it('Redis refusing connections: still 10 and 10, answers without waiting for Redis, health degraded', async () => {
    if (skipReason) return;
    await proxy.setMode('refuse');
    await waitFor(async () => (await health()).json().status === 'degraded', 5000);
    const figures = await allowed(30);
    console.log(`[redis refused] allowed of 30: per IP ${figures.perIp}, per account ${figures.perAccount}`);
    expect(figures).toEqual({ perIp: 10, perAccount: 10 });
    expect(app.limiter.kind()).toBe('memory');

    const list = await slowest(10, catalogue);
    const signIn = await slowest(5, () => login(`lat-${tag()}@example.com`, '10.250.0.1'));
    console.log(`[redis refused] slowest of 10 catalogue lists: ${list} ms, of 5 logins: ${signIn} ms`);
    expect(list).toBeLessThan(1000);
    expect(signIn).toBeLessThan(2000);

    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      dependencies: { database: 'up', redis: 'down' },
      degraded: [{ dependency: 'redis', detail: DOWN_DETAIL.redis }],
    });
    // Public: no address, port or driver message.
    expect(res.body).not.toMatch(/ECONN|127\.0\.0\.1|:\d{4,5}|timed? ?out/i);
  });

  it('comes back by itself, with what changed during the outage visible everywhere', async () => {
    if (skipReason) return;
    await proxy.setMode('pass');
    const recovery = await waitFor(async () => (await health()).json().status === 'ok', 10_000);
    console.log(`[redis] back to ok ${recovery} ms after the proxy passes again`);

    // Categories cached in Redis, then changed while Redis is down: the change is not lost on return.
    const before = (await app.inject({ method: 'GET', url: '/api/products/categories' })).body;
    const redis = new Redis(REDIS.toString());
    try {
      expect(await redis.get(`${prefix}categories:v1`)).toBe(before);
      await proxy.setMode('refuse');
      await waitFor(async () => (await health()).json().status === 'degraded', 5000);
      const { access } = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).json();
      const name = `Outage ${tag()}`;
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/categories',
        headers: { authorization: `Bearer ${access}` },
        payload: { name },
      });
      expect(created.statusCode).toBe(201);
      await proxy.setMode('pass');
      await waitFor(async () => (await health()).json().status === 'ok', 10_000);
      // The stale entry in Redis was removed on reconnection, so every process sees the change.
      await waitFor(async () => (await redis.get(`${prefix}categories:v1`)) !== before, 5000);
      const after = (await app.inject({ method: 'GET', url: '/api/products/categories' })).json().data;
      expect(after.some((c: { name: string }) => c.name === name)).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it('counts across the outage: attempts made before Redis went down still count', async () => {
    if (skipReason) return;
    const ip = '10.254.1.1';
    let allowedTotal = 0;
    for (let i = 0; i < 6; i++) if ((await login(`x-${tag()}@example.com`, ip)).statusCode !== 429) allowedTotal++;
    await proxy.setMode('refuse');
    await waitFor(async () => (await health()).json().status === 'degraded', 5000);
    for (let i = 0; i < 20; i++) if ((await login(`x-${tag()}@example.com`, ip)).statusCode !== 429) allowedTotal++;
    expect(allowedTotal).toBe(10);
    await proxy.setMode('pass');
    await waitFor(async () => (await health()).json().status === 'ok', 10_000);
  });

  it('Redis hanging (connection accepted, no answer): limits hold and answers stay fast', async () => {
    if (skipReason) return;
    await proxy.setMode('hang');
    // The first request after the hang pays one command timeout; the breaker spares the rest.
    const first = await slowest(1, catalogue);
    const list = await slowest(10, catalogue);
    const signIn = await slowest(5, () => login(`hang-${tag()}@example.com`, '10.251.0.1'));
    console.log(
      `[redis hung] first catalogue list ${first} ms, slowest of the next 10: ${list} ms, of 5 logins: ${signIn} ms`,
    );
    expect(first).toBeLessThan(1500);
    expect(list).toBeLessThan(1000);
    expect(signIn).toBeLessThan(2000);
    const figures = await allowed(30);
    console.log(`[redis hung] allowed of 30: per IP ${figures.perIp}, per account ${figures.perAccount}`);
    expect(figures).toEqual({ perIp: 10, perAccount: 10 });
    expect((await health()).json()).toMatchObject({ status: 'degraded', dependencies: { redis: 'down' } });

    await proxy.setMode('pass');
    const recovery = await waitFor(async () => (await health()).json().status === 'ok', 10_000);
    console.log(`[redis] back to ok ${recovery} ms after a hang ends`);
  });
});
