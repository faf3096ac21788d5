import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from '../scripts/lib/chromium.mjs';

/** The e2e suite runs against the production builds, served the way `npm start` serves them. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 4000);
export const BASE_URL = `http://localhost:${BASE_PORT}`;
const root = path.resolve(import.meta.dirname, '..');
export const artifacts = path.join(import.meta.dirname, 'artifacts');
/** The mail catcher (MailDev) that `npm start` runs: its web inbox and REST API (SMTP is BASE_PORT + 20). */
export const MAIL_INBOX_URL = `http://127.0.0.1:${BASE_PORT + 21}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(artifacts, 'test-results'),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: path.join(artifacts, 'report'), open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args] },
  },
  projects: [
    { name: 'chromium', testIgnore: 'release.spec.ts', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Releases and canaries of the catalog change what every visitor loads, so it runs alone, after everything else.
    {
      name: 'release',
      testMatch: 'release.spec.ts',
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    // A fresh embedded database per run; the store seeds its demo data on start.
    command: `rm -rf ${path.join(artifacts, 'data')} && node ${path.join(root, 'scripts/start.mjs')} --no-install --no-build`,
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      STORE_PORT: String(BASE_PORT),
      DATA_DIR: path.join(artifacts, 'data'),
      // release.spec.ts: a canary that throws on every render is rolled back after 4 loads (the default is 20).
      RELEASE_ROLLBACK_MIN_LOADS: '4',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      // A revoked integrator key is refused within this many seconds (embed.spec.ts; default 30).
      EMBED_KEY_CACHE_SECONDS: '2',
    },
  },
});
