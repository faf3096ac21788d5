import crypto from 'node:crypto';
import { buildApp } from '../../app';
import { describeEachDatabase, testConfig } from '../../test/fixture';

const tag = () => crypto.randomBytes(4).toString('hex');

describeEachDatabase(
  'login limits per IP and per account',
  (get) => {
    const login = (email: string, password: string, options: { ip?: string; forwardedFor?: string } = {}) =>
      get().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: options.ip ?? '127.0.0.1',
        headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
      });

    it('ignores X-Forwarded-For when no proxy is configured: rotating it from loopback is still limited', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        // A different forged client address and account each time: only the socket address is left.
        const res = await login(`xff-${tag()}@example.com`, 'Wrong1234', {
          ip: '127.0.0.9',
          forwardedFor: `203.0.113.${i + 1}`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    });

    it('limits failed sign-ins per account whatever the IP: 10 in 15 minutes', async () => {
      const { email, password } = await get().newUser();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await login(email, 'Wrong1234', { ip: `198.51.100.${i + 1}` });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
      const blocked = await login(email, password, { ip: '198.51.100.200' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // Another account is not affected, and the address is the same letter case-insensitively.
      const upper = await login(email.toUpperCase(), password, { ip: '198.51.100.201' });
      expect(upper.statusCode).toBe(429);
    });

    it('a successful sign-in clears the account counter', async () => {
      const { email, password } = await get().newUser();
      for (let i = 0; i < 9; i++)
        expect((await login(email, 'Wrong1234', { ip: `192.0.2.${i + 1}` })).statusCode).toBe(401);
      expect((await login(email, password, { ip: '192.0.2.50' })).statusCode).toBe(200);
      for (let i = 0; i < 10; i++)
        expect((await login(email, 'Wrong1234', { ip: `192.0.2.${i + 60}` })).statusCode).toBe(401);
      expect((await login(email, 'Wrong1234', { ip: '192.0.2.99' })).statusCode).toBe(429);
    });
  },
  { authRateLimit: 10, authAccountLimit: 10 },
);

describe('TRUST_PROXY', () => {
  it('with a proxy configured, X-Forwarded-For from that proxy is the client address', async () => {
    const app = await buildApp(testConfig({ authRateLimit: 3, authAccountLimit: 100, trustProxy: 'loopback' }));
    try {
      const attempt = (forwardedFor: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `p-${tag()}@example.com`, password: 'Wrong1234' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // Three clients behind the proxy each get their own allowance...
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        for (let i = 0; i < 3; i++) expect((await attempt(ip)).statusCode).toBe(401);
      }
      // ...and the fourth attempt of one of them is refused.
      expect((await attempt('203.0.113.1')).statusCode).toBe(429);
      // A forwarded address from a source that is not the configured proxy is not believed.
      const direct = (ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `d-${tag()}@example.com`, password: 'Wrong1234' },
          remoteAddress: '198.51.100.7',
          headers: { 'x-forwarded-for': ip },
        });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await direct(`203.0.113.${100 + i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await app.close();
    }
  });
});
