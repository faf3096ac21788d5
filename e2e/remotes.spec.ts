import { expect, test, type Page } from '@playwright/test';
import { newShopperSession, screenshot, skipWelcomeDialog } from './fixtures/store';
import { BASE_PORT } from './playwright.config';

// The remotes listen on the ports after the shell's (E2E_PORT + 1 … + 4).
const CATALOG_PORT = BASE_PORT + 1;
const CART_PORT = BASE_PORT + 2;
const CART_ORIGIN = new RegExp(`localhost:${CART_PORT}/`);

test.describe('runtime composition', () => {
  test('React and ReactDOM are downloaded exactly once for the shell and all remotes', async ({ page, request }) => {
    await newShopperSession(page, request);
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(await response.text().catch(() => ''));
    });
    await page.goto('/');
    await expect(page.locator('[data-boundary="mf-catalog"]').first()).toBeVisible();
    // Visit a view of every remote so each one's remoteEntry and chunks load.
    for (const [path, boundary] of [
      ['/cart', 'mf-cart'],
      ['/account', 'mf-account'],
      ['/admin', 'mf-admin'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator(`[data-boundary="${boundary}"]`).first()).toBeVisible();
    }
    // Each full navigation reloads the page; count per page load by reloading once in a single SPA session:
    bodies.length = 0;
    await page.goto('/');
    await expect(page.locator('[data-boundary="mf-catalog"]').first()).toBeVisible();
    for (const [label, boundary] of [
      ['Cart', 'mf-cart'],
      ['Account', 'mf-account'],
    ] as const) {
      await page
        .getByRole('banner')
        .getByRole('link', { name: new RegExp(`^${label}`) })
        .first()
        .click();
      await expect(page.locator(`[data-boundary="${boundary}"]`).first()).toBeVisible();
    }
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('[data-boundary="mf-admin"]').first()).toBeVisible();
    // react's production build defines useState once; react-dom/client defines createRoot once.
    const reactCopies = bodies.filter((b) => /\.useState=function\(/.test(b)).length;
    const reactDomCopies = bodies.filter((b) => /\.createRoot=function\(/.test(b)).length;
    expect(reactCopies).toBe(1);
    expect(reactDomCopies).toBe(1);
  });

  test('one federation runtime on the page, the plugin’s own: remotes run on the host’s, manifests read, plugins heard', async ({
    page,
    request,
  }) => {
    await newShopperSession(page, request);
    await page.goto('/');
    await expect(page.locator('[data-boundary="mf-catalog"]').first()).toBeVisible();
    type Runtime = {
      _FEDERATION_RUNTIME_CORE: { ModuleFederation: new () => unknown };
      _FEDERATION_RUNTIME_CORE_FROM: { name: string };
      __FEDERATION__: {
        __INSTANCES__: { name: string; registerPlugins: (plugins: object[]) => void }[];
        moduleInfo: Record<string, unknown>;
      };
      __loaded: string[];
    };
    // The host provides runtime-core (provideExternalRuntime); the catalog's instance is of its class.
    expect(
      await page.evaluate((catalogManifest) => {
        const w = window as unknown as Runtime;
        const instances = w.__FEDERATION__.__INSTANCES__;
        return {
          from: w._FEDERATION_RUNTIME_CORE_FROM.name,
          instances: instances.map((i) => i.name).sort(),
          oneRuntime: instances.every((i) => i instanceof w._FEDERATION_RUNTIME_CORE.ModuleFederation),
          // What the runtime read from the catalog's mf-manifest.json (the MF devtools show it).
          catalogSnapshot: Object.keys(w.__FEDERATION__.moduleInfo).filter((key) => key.includes(catalogManifest)),
        };
      }, `http://localhost:${CATALOG_PORT}/mf-manifest.json`),
    ).toEqual({
      from: 'shell',
      instances: ['catalog', 'shell'],
      oneRuntime: true,
      catalogSnapshot: [`catalog:http://localhost:${CATALOG_PORT}/mf-manifest.json`],
    });
    // A runtime plugin registered on the host's instance hears the next remote's load.
    await page.evaluate(() => {
      const w = window as unknown as Runtime;
      w.__loaded = [];
      w.__FEDERATION__.__INSTANCES__
        .find((i) => i.name === 'shell')!
        .registerPlugins([
          { name: 'e2e-load-recorder', afterLoadRemote: ({ id }: { id: string }) => void w.__loaded.push(id) },
        ]);
    });
    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).first().click();
    await expect(page.locator('[data-boundary="mf-cart"]').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as Runtime).__loaded)).toContain('cart/routes');
  });

  test('one remote down: its page shows a retry notice while the rest keeps working', async ({ page, request }) => {
    await newShopperSession(page, request);
    let down = true;
    await page.route(CART_ORIGIN, (route) => (down ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/cart');
    const notice = page.getByRole('alert').filter({ hasText: 'unavailable' });
    await expect(notice).toBeVisible();
    await screenshot(page, 'remote-down');
    // The frame still works, and so do the other remotes.
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).first().click();
    await expect(page.locator('[data-boundary="mf-catalog"]').first()).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Account/ })
      .first()
      .click();
    await expect(page.locator('[data-boundary="mf-account"]').first()).toBeVisible();
    // Back on the cart while it is still down: the notice again, and the frame still there.
    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).first().click();
    await expect(notice).toBeVisible();
    // The remote comes back: Try again loads it without a page reload.
    down = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('[data-boundary="mf-cart"]').first()).toBeVisible();
  });

  for (const [failure, fulfil] of [
    ['manifest answers 404', { status: 404, contentType: 'text/plain', body: 'Not found' }],
    ['remoteEntry.js throws', { status: 200, contentType: 'text/javascript', body: 'throw new Error("broken build")' }],
  ] as const) {
    test(`a remote whose ${failure} shows the retry notice; the frame keeps working`, async ({ page, request }) => {
      await newShopperSession(page, request);
      const path = failure.includes('manifest')
        ? new RegExp(`localhost:${CART_PORT}/mf-manifest\\.json`)
        : new RegExp(`localhost:${CART_PORT}/remoteEntry\\.js`);
      await page.route(path, (route) => route.fulfill(fulfil));
      await page.goto('/cart');
      await expect(page.getByRole('alert').filter({ hasText: 'Your cart is unavailable right now' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).first().click();
      await expect(page.locator('[data-boundary="mf-catalog"]').first()).toBeVisible();
    });
  }

  test('a view that throws while rendering shows the error page', async ({ page }) => {
    await skipWelcomeDialog(page);
    await breakCatalogScreens(page);
    await page.goto('/');
    await expect(page.locator('code').filter({ hasText: /^ERR-\d+-[A-Z0-9]+$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /try again/i })).toBeVisible();
    await screenshot(page, 'error-page');
  });
});

/** Lets the catalog's remoteEntry and exposed module load, but fails the lazy screen chunks. */
async function breakCatalogScreens(page: Page) {
  const manifest = (await (await page.request.get(`http://localhost:${CATALOG_PORT}/mf-manifest.json`)).json()) as {
    exposes: { path: string; assets: { js: { sync: string[] } } }[];
  };
  const allowed = new Set(['remoteEntry.js', 'mf-manifest.json']);
  for (const expose of manifest.exposes) for (const file of expose.assets.js.sync) allowed.add(file);
  await page.route(new RegExp(`localhost:${CATALOG_PORT}/.*\\.js$`), (route) => {
    const file = new URL(route.request().url()).pathname.slice(1);
    return allowed.has(file)
      ? route.continue()
      : route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("boom")' });
  });
}
