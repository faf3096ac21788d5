import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

describe('config', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-config-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('uses the documented defaults on the embedded database', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3100,
      host: '127.0.0.1',
      seed: 'demo',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.authRateLimit).toBe(10);
    expect(loadConfig({ DATA_DIR: dir, AUTH_RATE_LIMIT: '500' }).authRateLimit).toBe(500);
    expect(config.accessTokenTtl).toBe(15 * 60);
    expect(loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_TTL: '5' }).accessTokenTtl).toBe(5);
    expect(() => loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_TTL: '0' })).toThrow(/ACCESS_TOKEN_TTL/);
  });

  it('generates the JWT secret once into the data folder and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('never seeds demo accounts on a production PostgreSQL and demands a secret there', () => {
    const env = { DATA_DIR: dir, NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/store' };
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET/);
    const config = loadConfig({ ...env, JWT_SECRET: 'x'.repeat(40) });
    expect(config.seed).toBe('none');
    // Nor on the embedded database (issue 11.6).
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }).seed).toBe('none');
  });

  it('takes the Redis key prefix of a deployment that shares its Redis', () => {
    expect(loadConfig({ DATA_DIR: dir }).redisPrefix).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, REDIS_PREFIX: 'cluster-6400:' }).redisPrefix).toBe('cluster-6400:');
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
  });

  it('rejects invalid values with the variable name', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(loadConfig({ DATA_DIR: dir, CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
