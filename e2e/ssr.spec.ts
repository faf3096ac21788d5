import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bearer, createOwnProduct } from './fixtures/admin';
import { startOwnStore, type OwnStore } from './fixtures/ownStore';
import { apiLogin, artifactsDir, demo, screenshot, signInWithTokens, skipWelcomeDialog } from './fixtures/store';
import { BASE_PORT, BASE_URL } from './playwright.config';

/**
 * Issue 30 as a search engine, a link preview and a shopper find it: storefront pages rendered on the
 * server with their content, head and structured data, hydrated by the remotes in the browser.
 */

const root = path.resolve(import.meta.dirname, '..');

/** Everything `<script type="application/ld+json">` of a page holds, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
const ofType = (html: string, type: string) => jsonLd(html).find((d) => d['@type'] === type);
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

async function rawPage(request: APIRequestContext, url: string) {
  const res = await request.get(url, { maxRedirects: 0 });
  return { status: res.status(), html: await res.text(), render: res.headers()['x-store-render'] };
}

/** What the browser logs and asks the API while a page loads and hydrates. */
function watch(page: Page) {
  const logs: string[] = [];
  const api: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/media/'))
      api.push(url.pathname + url.search);
  });
  return { logs, api };
}

/** A page as a reader without JavaScript (a crawler, a link preview) gets it; closed after `check`. */
async function withoutJavaScript(browser: Browser, url: string, shot: string, check: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByText('Loading the store…')).toHaveCount(0);
  await check(page);
  await screenshot(page, shot);
  await context.close();
}

const hydrated = (page: Page) => expect(page.locator('#root')).not.toHaveAttribute('data-hydrating');

test.describe('server rendering', () => {
  test('the raw HTML of a product page holds its name, price, canonical URL, Open Graph image and valid Product JSON-LD', async ({
    request,
    browser,
  }) => {
    const admin = await apiLogin(request, demo.admin.email, demo.admin.password);
    const product = await createOwnProduct(request, admin, {
      name: 'Crawled Linen Shirt',
      skuPrefix: 'SSR',
      price: '42.50',
      stock: 3,
    });
    const page = await rawPage(request, `/products/${product.id}`);
    expect(page.status).toBe(200);
    expect(page.render).toBe('server');
    const { html } = page;
    expect(html).toContain(`<title>${product.name} · Store</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`));
    expect(html).toContain('$42.50');
    const canonical = `${BASE_URL}/products/${product.id}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(meta(html, 'property', 'og:url')).toBe(canonical);
    expect(meta(html, 'property', 'og:title')).toBe(product.name);
    expect(meta(html, 'property', 'og:type')).toBe('product');
    const image = meta(html, 'property', 'og:image');
    expect(image).toMatch(new RegExp(`^${BASE_URL}/api/media/`));
    expect((await request.get(image!)).status()).toBe(200);
    expect(meta(html, 'name', 'twitter:image')).toBe(image);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');

    const data = ofType(html, 'Product') as {
      '@context': string;
      name: string;
      image: string[];
      url: string;
      sku: string;
      offers: {
        '@type': string;
        price: string;
        priceCurrency: string;
        availability: string;
        sku: string;
        url: string;
      }[];
    };
    expect(data['@context']).toBe('https://schema.org');
    expect(data).toMatchObject({ name: product.name, url: canonical });
    expect(data.image.length).toBeGreaterThan(0);
    expect(data.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        price: '42.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        sku: data.sku,
        url: canonical,
      }),
    ]);
    const crumbs = ofType(html, 'BreadcrumbList') as { itemListElement: { position: number; item: string }[] };
    expect(crumbs.itemListElement.map((c) => c.position)).toEqual([1, 2, 3]);
    expect(crumbs.itemListElement.at(-1)!.item).toBe(canonical);

    // What a reader without JavaScript sees: the product itself, not "Loading the store…".
    await withoutJavaScript(browser, `/products/${product.id}`, 'ssr-product-no-javascript', async (noJs) => {
      await expect(noJs.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(noJs.getByText('$42.50').first()).toBeVisible();
    });
  });

  test('a category page lists its products in the HTML, with its BreadcrumbList and ItemList', async ({
    browser,
    request,
  }) => {
    const categories = (await (await request.get('/api/products/categories')).json()) as { data: { name: string }[] };
    const category = categories.data[0]!.name;
    const list = (await (
      await request.get(`/api/products?category=${encodeURIComponent(category)}&page_size=24`)
    ).json()) as {
      data: { id: number; name: string }[];
    };
    const url = `/products/category/${encodeURIComponent(category)}`;
    const page = await rawPage(request, url);
    expect(page.status).toBe(200);
    const items = ofType(page.html, 'ItemList') as { itemListElement: { url: string; position: number }[] };
    expect(items.itemListElement.map((i) => i.url)).toEqual(list.data.map((p) => `${BASE_URL}/products/${p.id}`));
    const crumbs = ofType(page.html, 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Home', 'All products', category]);
    expect(page.html).toContain(`<link rel="canonical" href="${BASE_URL}${url}" />`);

    await withoutJavaScript(browser, url, 'ssr-category-no-javascript', async (noJs) => {
      await expect(noJs.getByRole('heading', { level: 1, name: category })).toBeVisible();
      // Every product of the page is in the HTML, not only the first screen's.
      for (const product of list.data)
        await expect(noJs.getByRole('link', { name: product.name }).first()).toBeAttached();
    });
  });

  test('the browser hydrates home, a category, a product and a content page with no error or warning, and asks nothing the server answered', async ({
    page,
    request,
  }) => {
    await skipWelcomeDialog(page);
    const { logs, api } = watch(page);
    const product = (
      (await (await request.get('/api/products?page_size=1')).json()) as { data: { id: number; name: string }[] }
    ).data[0]!;
    for (const url of ['/', '/products/category/Tops', `/products/${product.id}`, '/faq', '/products']) {
      api.length = 0;
      await page.goto(url);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      // The page's data came with it: no catalogue, product or categories request on load.
      expect(
        api.filter((u) => /^\/api\/(products|storefront)/.test(u)),
        url,
      ).toEqual([]);
    }
    expect(logs).toEqual([]);

    // Hydrated for real: the product page's controls work (signed out, Add to cart asks to sign in).
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Please login to add to cart!')).toBeVisible();
    expect(logs).toEqual([]);
  });

  test('an unknown product, category or path answers 404 with the 404 page; personal screens stay in the browser', async ({
    request,
    page,
  }) => {
    for (const url of [
      '/products/99999999',
      '/products/not-a-number',
      '/products/category/Spaceships',
      '/no/such/page',
    ]) {
      const res = await rawPage(request, url);
      expect(res.status, url).toBe(404);
      expect(res.html, url).toContain('Oops! Page Not Found');
      expect(res.html, url).toContain('Error Code: 404 | Page Not Found');
    }
    for (const url of ['/cart', '/checkout', '/account', '/wishlist', '/orders', '/admin', '/auth/login']) {
      const res = await rawPage(request, url);
      expect(res.status, url).toBe(200);
      expect(res.render, url).toBe('browser');
      expect(res.html, url).toContain('Loading the store…');
    }
    await skipWelcomeDialog(page);
    await page.goto('/products/99999999');
    await hydrated(page);
    await expect(page.getByRole('button', { name: /cancel/i })).toBeVisible();
    await screenshot(page, 'ssr-not-found');
  });

  test('robots.txt closes the personal screens and names the sitemap; the sitemap lists the published products', async ({
    request,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    for (const p of ['/cart', '/checkout', '/account', '/wishlist', '/orders', '/admin', '/auth'])
      expect(text).toContain(`Disallow: ${p}\n`);
    expect(text).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index).toContain(`<loc>${BASE_URL}/sitemap-products-1.xml</loc>`);
    const products = await (await request.get('/sitemap-products-1.xml')).text();
    expect(products).toContain(`<loc>${BASE_URL}/products/1</loc>`);
  });

  test("an admin's price change shows on the next render", async ({ request }) => {
    const admin = await apiLogin(request, demo.admin.email, demo.admin.password);
    const product = await createOwnProduct(request, admin, {
      name: 'Repriced Scarf',
      skuPrefix: 'SSRP',
      price: '30.00',
      stock: 4,
    });
    const url = `/products/${product.id}`;
    const first = await rawPage(request, url);
    expect(first.html.slice(first.html.indexOf('<h1'), first.html.indexOf('Add to cart'))).toContain('$30.00');
    // The second visit is the kept page (same address, builds and catalogue).
    const kept = await rawPage(request, url);
    expect(kept.render).toBe('server; cached');
    const current = (await (
      await request.get(`/api/admin/products/${product.id}`, { headers: bearer(admin) })
    ).json()) as {
      name: string;
      description: string;
      category_id: number;
      published: boolean;
      variants: { id: number; sku: string; stock: number; attributes: Record<string, string> }[];
    };
    const edit = await request.put(`/api/admin/products/${product.id}`, {
      headers: bearer(admin),
      data: {
        name: current.name,
        description: current.description,
        category_id: current.category_id,
        published: true,
        variants: current.variants.map((v) => ({
          id: v.id,
          sku: v.sku,
          stock: v.stock,
          attributes: v.attributes,
          regular_price: '24.00',
        })),
      },
    });
    expect(edit.status(), await edit.text()).toBe(200);
    const next = await rawPage(request, url);
    expect(next.render).toBe('server');
    // The product's own price, between its name and its Add to cart (the rails below show other products).
    const details = (html: string) => html.slice(html.indexOf('<h1'), html.indexOf('Add to cart'));
    expect(details(next.html)).toContain('$24.00');
    expect(details(next.html)).not.toContain('$30.00');
    expect((ofType(next.html, 'Product') as { offers: { price: string }[] }).offers[0]!.price).toBe('24.00');
  });

  test('signed in: the server HTML first, then the personal parts on hydration, with no layout shift', async ({
    page,
    request,
  }) => {
    const tokens = await apiLogin(request, demo.shopper.email, demo.shopper.password);
    await signInWithTokens(page, tokens);
    await page.addInitScript(() => {
      (window as unknown as { __shifts: number }).__shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { __shifts: number }).__shifts += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const { logs } = watch(page);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await hydrated(page);
      await expect(
        page
          .getByRole('button', { name: 'Logout' })
          .or(page.getByRole('button', { name: /menu/i }))
          .first(),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
      expect(shifts, `CLS at ${width} px`).toBeLessThanOrEqual(0.05);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await screenshot(page, 'ssr-home-signed-in', { fullPage: false });
    expect(logs).toEqual([]);
  });
});

/**
 * A second store on PostgreSQL with 100,000 products (the bulk seed), on its own ports
 * (BASE_PORT + 60…, its API on BASE_PORT + 160, no mail catcher), whose remote config is a file the
 * test rewrites (REMOTES_CONFIG is read on every request).
 */
test.describe('a big catalogue, and a remote whose server build is away', () => {
  test.describe.configure({ mode: 'serial' });
  const port = BASE_PORT + 60;
  const database = `e2e_ssr_${BASE_PORT}`;
  const remotesFile = path.join(artifactsDir, `ssr-remotes-${port}.json`);
  const pg = createRequire(path.join(root, 'api', 'package.json'))('pg') as {
    Client: new (o: { connectionString: string }) => {
      connect(): Promise<void>;
      query(q: string): Promise<{ rows: Record<string, unknown>[] }>;
      end(): Promise<void>;
    };
  };
  const sql = async (db: string, q: string) => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${db}` });
    await client.connect();
    try {
      return (await client.query(q)).rows;
    } finally {
      await client.end();
    }
  };
  const remotes = (catalogPort: number) =>
    JSON.stringify({
      catalog: { entry: `http://localhost:${catalogPort}/mf-manifest.json` },
      cart: { entry: `http://localhost:${port + 2}/mf-manifest.json` },
      account: { entry: `http://localhost:${port + 3}/mf-manifest.json` },
      admin: { entry: `http://localhost:${port + 4}/mf-manifest.json` },
    });
  let store: OwnStore;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    await sql('postgres', `DROP DATABASE IF EXISTS ${database}`);
    await sql('postgres', `CREATE DATABASE ${database}`);
    fs.writeFileSync(remotesFile, remotes(port + 1));
    store = await startOwnStore('ssr-big', port, {
      API_PORT: String(BASE_PORT + 160),
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
      SEED_PRODUCTS: '100000',
      REMOTES_CONFIG: remotesFile,
      // No mail catcher (its ports would be another store's).
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
  });
  test.afterAll(async () => {
    await store?.stop();
    await sql('postgres', `DROP DATABASE IF EXISTS ${database}`).catch(() => {});
    fs.rmSync(remotesFile, { force: true });
  });

  test('the sitemap lists every published product at 100,000 products, in files of at most 50,000 with lastmod', async ({
    request,
  }) => {
    const [{ total, n }] = (await sql(
      database,
      'SELECT count(*)::int AS total, (count(*) FILTER (WHERE published))::int AS n FROM products',
    )) as [{ total: number; n: number }];
    expect(total).toBeGreaterThanOrEqual(100_000);
    const index = await (await request.get(`${store.url}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]*sitemap-products-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toHaveLength(Math.ceil(n / 50_000));
    const seen = new Set<string>();
    for (const file of files) {
      expect(file.startsWith(`${store.url}/`)).toBe(true);
      const res = await request.get(file);
      expect(res.status()).toBe(200);
      const xml = await res.text();
      const urls = [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod><\/url>/g)].map(
        (m) => m[1]!,
      );
      expect(urls.length).toBeLessThanOrEqual(50_000);
      expect(urls.length).toBe(xml.match(/<url>/g)!.length);
      for (const url of urls) seen.add(url);
    }
    expect(seen.size).toBe(n);
    const [{ id }] = (await sql(database, 'SELECT max(id) AS id FROM products WHERE published')) as [{ id: number }];
    expect(seen.has(`${store.url}/products/${id}`)).toBe(true);
    // A page of that catalogue renders on the server.
    const page = await rawPage(request, `${store.url}/products/${id}`);
    expect(page.status).toBe(200);
    expect(page.render).toBe('server');
  });

  test('a remote whose server build cannot be loaded: its pages are rendered in the browser, never a 500', async ({
    request,
    page,
  }) => {
    // The catalog's server container on a port where nothing listens: the browser cannot load it either.
    fs.writeFileSync(remotesFile, remotes(BASE_PORT + 99));
    const res = await rawPage(request, `${store.url}/products/category/Tops`);
    expect(res.status).toBe(200);
    expect(res.render).toBe('browser; fallback=catalog');
    expect(res.html).toContain('Loading the store…');
    expect(res.html).toContain('id="store-remotes"');
    await skipWelcomeDialog(page);
    await page.goto(`${store.url}/products/category/Tops`);
    await expect(page.getByRole('heading', { name: 'The product catalog is unavailable right now' })).toBeVisible();
    // Back: rendered on the server again.
    fs.writeFileSync(remotesFile, remotes(port + 1));
    await expect
      .poll(async () => (await rawPage(request, `${store.url}/products/category/Tops`)).render, { timeout: 20_000 })
      .toBe('server');
  });
});
