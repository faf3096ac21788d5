import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { ADMIN, throwawayDatabase } from '../test/fixture';

const run = promisify(execFile);
const apiRoot = path.resolve(__dirname, '../..');
const pg = process.env.API_TEST_PG === 'available';

/**
 * Production never seeds demo accounts, on PGlite as on PostgreSQL (issue 11.6); the first admin
 * comes from `pnpm --filter api create-admin`, run here as an operator would.
 */
describe.each(['pglite', 'postgres'] as const)('production start and create-admin [%s]', (driver) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-create-admin-'));
  let env: NodeJS.ProcessEnv;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    env = { NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: crypto.randomBytes(32).toString('hex') };
    if (driver === 'postgres' && pg) {
      const db = await throwawayDatabase();
      env.DATABASE_URL = db.url;
      drop = db.drop;
    }
  });
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const startApi = async (): Promise<FastifyInstance> => {
    const app = await buildApp({ ...loadConfig(env), logLevel: 'silent' });
    await app.ready();
    return app;
  };
  const login = (app: FastifyInstance, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const createAdmin = (extra: NodeJS.ProcessEnv) =>
    run(path.join(apiRoot, 'node_modules/.bin/tsx'), ['src/cli/createAdmin.ts'], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH, ...env, ...extra },
    });

  (driver === 'postgres' && !pg ? it.skip : it)(
    'no demo admin; the command creates the first admin',
    async () => {
      let app = await startApi();
      try {
        expect((await login(app, ADMIN.email, ADMIN.password)).statusCode).toBe(401);
        expect((await login(app, 'shopper@example.com', 'Shopper123')).statusCode).toBe(401);
        if (driver === 'pglite') {
          // The running API holds the embedded database: the command says so and changes nothing.
          await expect(
            createAdmin({ ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'Str0ngAdminPass' }),
          ).rejects.toMatchObject({
            stderr: expect.stringContaining(`the store is running on ${dir} (API process ${process.pid}`),
          });
        }
      } finally {
        // One writer on an embedded database: the API stops while the command runs.
        await app.close();
      }

      await expect(createAdmin({ ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'weak' })).rejects.toMatchObject({
        stderr: expect.stringContaining('Password must be at least 8 characters'),
      });
      const created = await createAdmin({ ADMIN_EMAIL: 'Owner@Shop.example', ADMIN_PASSWORD: 'Str0ngAdminPass' });
      expect(created.stdout).toContain('Administrator owner@shop.example created');
      // Without the variables and without a terminal it says what to set.
      await expect(createAdmin({})).rejects.toMatchObject({
        stderr: expect.stringContaining('set ADMIN_EMAIL and ADMIN_PASSWORD'),
      });

      app = await startApi();
      try {
        const res = await login(app, 'owner@shop.example', 'Str0ngAdminPass');
        expect(res.statusCode).toBe(200);
        const dashboard = await app.inject({
          method: 'GET',
          url: '/api/admin/dashboard',
          headers: { authorization: `Bearer ${res.json().access}` },
        });
        expect(dashboard.statusCode).toBe(200);
      } finally {
        await app.close();
      }
      await expect(
        createAdmin({ ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'Str0ngAdminPass' }),
      ).rejects.toMatchObject({
        stderr: expect.stringContaining('A user with this email already exists.'),
      });
    },
    180_000,
  );
});
