import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { EMBED_ORIGIN_PORT } from './playwright.config';
import { screenshot } from './fixtures/store';

const embedPage = fs.readFileSync(path.join(import.meta.dirname, '..', 'mf-catalog', 'examples', 'embed.html'));
let server: http.Server;

// An integrator's own site: another origin that serves nothing but its page.
test.beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(embedPage);
  });
  await new Promise<void>((resolve) => server.listen(EMBED_ORIGIN_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('an integrator page on another origin embeds the catalog grid from the remote manifest', async ({
  page,
  baseURL,
}) => {
  const remote = baseURL!.replace(/:(\d+)$/, (_m, port: string) => `:${Number(port) + 1}`);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).origin);
  });
  await page.goto(
    `http://localhost:${EMBED_ORIGIN_PORT}/?remote=${encodeURIComponent(remote)}&api=${encodeURIComponent(`${baseURL}/api/`)}&category=Shoes&limit=4`,
  );
  const grid = page.locator('#grid [data-boundary="mf-catalog"]');
  const cards = grid.getByRole('article');
  await expect(cards).toHaveCount(4);
  // The page's own text stays around the embed; the products are real ones from the store's API.
  await expect(page.getByRole('heading', { name: 'Weekend Style Notes' })).toBeVisible();
  const api = (await (await page.request.get(`${baseURL}/api/products?category=Shoes&page_size=4`)).json()) as {
    data: { name: string; in_stock: boolean }[];
  };
  await expect(cards.first()).toContainText(api.data[0]!.name);
  // Product links go to the store's own product pages.
  await expect(cards.first().getByRole('link')).toHaveAttribute('href', new RegExp(`^${baseURL}/products/\\d+$`));

  // The integrator's add-to-cart callback receives the product.
  const buyable = api.data.find((p) => p.in_stock);
  expect(buyable, 'the demo data has an in-stock shoe').toBeTruthy();
  await grid.getByRole('button', { name: `Add ${buyable!.name} to cart` }).click();
  await expect(page.locator('#log')).toContainText(`Added ${buyable!.name}`);
  // The embed does not restyle the integrator's page (its own serif font and background stay).
  const body = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { fontFamily: style.fontFamily, backgroundColor: style.backgroundColor };
  });
  expect(body.fontFamily).toMatch(/Georgia/);
  expect(body.backgroundColor).toBe('rgb(255, 253, 248)');
  // Everything it ran came from the integrator's page or the catalog remote, nothing from the shell.
  expect(new Set(scripts)).toEqual(new Set([remote]));
  await screenshot(page, 'embed');
});
