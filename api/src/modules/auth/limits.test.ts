import crypto from 'node:crypto';
import { buildApp } from '../../app';
import { PASSWORD_BUSY, configurePasswordBudget } from '../../lib/passwords';
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

    const changePassword = (token: string, current: string, ip: string) =>
      get().request({
        method: 'POST',
        url: '/api/users/me/change-password',
        token,
        payload: { current_password: current, new_password: 'NewPassw0rd1' },
        remoteAddress: ip,
      });

    it('limits wrong current passwords per account whatever the IP: 10 in 15 minutes, then 429 even for the right one', async () => {
      const user = await get().newUser();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await changePassword(user.access, 'Wrong1234', `198.18.0.${i + 1}`)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
      const blocked = await changePassword(user.access, user.password, '198.18.0.50');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // Another account is not affected; a right password clears that account's count.
      const other = await get().newUser();
      expect((await changePassword(other.access, other.password, '198.18.0.51')).statusCode).toBe(200);
    });

    it('limits change-password per client before reading the token: 10 a minute', async () => {
      // Two accounts from one address, five wrong guesses each: the client's tenth, not an account's.
      const [a, b] = [await get().newUser(), await get().newUser()];
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await changePassword(a.access, 'Wrong1234', '198.18.1.1')).statusCode);
        statuses.push((await changePassword(b.access, 'Wrong1234', '198.18.1.1')).statusCode);
      }
      expect(statuses).toEqual(Array(10).fill(400));
      expect((await changePassword(a.access, a.password, '198.18.1.1')).statusCode).toBe(429);
      // Without a valid token too: the limit comes first.
      expect((await changePassword('not-a-token', 'Wrong1234', '198.18.1.1')).statusCode).toBe(429);
      expect((await changePassword('not-a-token', 'Wrong1234', '198.18.1.2')).statusCode).toBe(401);
      expect((await changePassword(a.access, a.password, '198.18.1.3')).statusCode).toBe(200);
    });

    it('limits logout and reset-password per client: 10 a minute', async () => {
      for (const [url, payload] of [
        ['/api/auth/logout', { refreshToken: 'not-a-real-refresh-token' }],
        ['/api/auth/reset-password', { token: 'x'.repeat(43), password: 'Passw0rdX' }],
      ] as const) {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          statuses.push(
            (await get().request({ method: 'POST', url, payload, remoteAddress: '198.18.2.1' })).statusCode,
          );
        }
        expect({ url, statuses: statuses.slice(10) }).toEqual({ url, statuses: [429] });
        expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
      }
    });

    it('answers 503 with Retry-After, without queueing, to sign-ins beyond the argon2 budget', async () => {
      configurePasswordBudget({ running: 1, waiting: 1 });
      try {
        const answers = await Promise.all(
          Array.from({ length: 24 }, (_, i) =>
            login(`busy-${tag()}@example.com`, 'Wrong1234', { ip: `198.18.3.${i + 1}` }),
          ),
        );
        const busy = answers.filter((a) => a.statusCode === 503);
        expect(busy.length).toBeGreaterThanOrEqual(1);
        expect(answers.filter((a) => a.statusCode === 401).length).toBeGreaterThanOrEqual(2);
        for (const a of busy) {
          expect(a.headers['retry-after']).toBe('1');
          expect(a.json()).toEqual({ detail: PASSWORD_BUSY });
        }
      } finally {
        configurePasswordBudget();
      }
    });
  },
  { authRateLimit: 10, authAccountLimit: 10 },
);

describe('throttled answers', () => {
  it('leave after a pause, so a client sending as fast as it is answered sends few', async () => {
    const app = await buildApp(testConfig({ authRateLimit: 1, authAccountLimit: 100, throttleDelayMs: 400 }));
    try {
      const attempt = async () => {
        const start = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `t-${tag()}@example.com`, password: 'Wrong1234' },
          remoteAddress: '198.18.4.1',
        });
        return { status: res.statusCode, ms: performance.now() - start };
      };
      const first = await attempt();
      const second = await attempt();
      expect(first.status).toBe(401);
      expect(second.status).toBe(429);
      expect(second.ms).toBeGreaterThanOrEqual(390);
    } finally {
      await app.close();
    }
  });
});

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
