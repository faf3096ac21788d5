import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { createStaticServer } from '../scripts/lib/static-server.mjs';
import { skipWelcomeDialog } from './fixtures/store';
import { RELEASE_BUILD, RELEASE_DIR } from './global-setup';
import { BASE_PORT, REMOTES_CONFIG_FILE } from './playwright.config';

const RELEASE_PORT = BASE_PORT + 11;
const releaseOrigin = `http://localhost:${RELEASE_PORT}`;
const currentVersion = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'mf-catalog', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
let server: http.Server;

test.beforeAll(async () => {
  // The catalog team publishes its new build somewhere else: here, its own static server.
  server = createStaticServer({ dir: path.join(import.meta.dirname, '..', 'mf-catalog', RELEASE_DIR), cors: true });
  await new Promise<void>((resolve) => server.listen(RELEASE_PORT, '127.0.0.1', () => resolve()));
});
test.afterAll(async () => {
  fs.rmSync(REMOTES_CONFIG_FILE, { force: true });
  await new Promise((resolve) => server.close(resolve));
});

test('a new catalog build on a new URL is picked up by a reload, with no shell rebuild', async ({ page }) => {
  await skipWelcomeDialog(page);
  const scriptOrigins = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scriptOrigins.add(new URL(r.url()).origin);
  });
  const catalog = page.locator('[data-remote="catalog"]');

  await page.goto('/');
  await expect(catalog.locator('[data-boundary="mf-catalog"]')).toBeVisible();
  await expect(catalog).toHaveAttribute('data-remote-build', currentVersion);
  expect(scriptOrigins.has(releaseOrigin)).toBe(false);

  // Release: change the catalog's one URL in the runtime config the shell reads at start-up.
  const config = {
    catalog: { entry: `${releaseOrigin}/mf-manifest.json` },
    cart: { entry: `http://localhost:${BASE_PORT + 2}/mf-manifest.json` },
    account: { entry: `http://localhost:${BASE_PORT + 3}/mf-manifest.json` },
    admin: { entry: `http://localhost:${BASE_PORT + 4}/mf-manifest.json` },
  };
  fs.writeFileSync(REMOTES_CONFIG_FILE, JSON.stringify(config));
  await page.reload();
  await expect(catalog).toHaveAttribute('data-remote-build', RELEASE_BUILD);
  await expect(catalog.locator('[data-boundary="mf-catalog"] a[href^="/products/"]').first()).toBeVisible();
  expect(scriptOrigins.has(releaseOrigin)).toBe(true);

  // Rolling back is the same one-line change.
  fs.rmSync(REMOTES_CONFIG_FILE);
  await page.reload();
  await expect(catalog).toHaveAttribute('data-remote-build', currentVersion);
});
