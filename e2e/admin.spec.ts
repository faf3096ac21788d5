import { expect, test, type Page } from '@playwright/test';
import { BASE_PORT } from './playwright.config';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signInAsAdmin } from './fixtures/admin';
import { newShopperSession, screenshot, skipWelcomeDialog } from './fixtures/store';

/** The admin remote's own origin (shell port + 4): every admin file comes from there. */
const ADMIN_ORIGIN = `localhost:${BASE_PORT + 4}`;

/** Each admin screen, and what shows it has its data (so the checks never look at a loading state). */
const screens: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'dashboard',
    path: '/admin',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: /^Revenue\$/ })).toBeVisible();
      // The chart is drawn: bars, and both axes with their ticks.
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
      // Three axes (days; revenue; orders), each with its tick labels.
      await expect(page.locator('.recharts-cartesian-axis')).toHaveCount(3);
      await expect(
        page.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first(),
      ).toBeVisible();
      const yLabels = page.locator('.recharts-yAxis-tick-labels');
      await expect(yLabels).toHaveCount(2);
      for (const labels of await yLabels.all()) {
        await expect(labels.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
      }
      await expect(page.locator('.recharts-line-curve')).toBeVisible();
    },
  },
  {
    name: 'reports',
    path: '/admin/reports',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    },
  },
];

test.describe('admin area', () => {
  test('shoppers never download the admin remote', async ({ page, request }) => {
    await newShopperSession(page, request);
    const adminFiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(ADMIN_ORIGIN)) adminFiles.push(r.url());
    });
    await page.goto('/');
    await expect(page.locator('[data-boundary="mf-catalog"]').first()).toBeVisible();
    await page.goto('/products');
    await expect(page.getByRole('region', { name: 'Products' }).getByRole('article').first()).toBeVisible();
    await page.goto('/cart');
    await expect(page.locator('[data-boundary="mf-cart"]').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(adminFiles).toEqual([]);

    // The same check can fail: opening the admin area does request them.
    await page.goto('/admin/auth/login');
    await expect(page.locator('[data-boundary="mf-admin"]').first()).toBeVisible();
    expect(adminFiles.some((url) => url.endsWith('.js'))).toBe(true);
  });

  test('a shopper is kept out of every admin section', async ({ page, request }) => {
    await newShopperSession(page, request);
    for (const path of [
      '/admin',
      '/admin/products',
      '/admin/products/add-product',
      '/admin/attributes',
      '/admin/categories',
      '/admin/customers',
      '/admin/customers/1',
      '/admin/orders',
      '/admin/pay-later',
      '/admin/support',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/auth\/login$/);
      await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
    }
  });

  test('a forged role in local storage does not open the admin area', async ({ page, request }) => {
    const { tokens } = await newShopperSession(page, request);
    // The stored session claims ADMIN, but the token (verified by the server) belongs to a shopper.
    await page.addInitScript((access) => {
      localStorage.setItem('auth', JSON.stringify({ tokens: { access, refresh: 'x' }, role: 'ADMIN' }));
    }, tokens.access);
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/auth\/login$/);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  });

  test('the admin layout: side navigation, name, back to store, logout; no storefront frame', async ({
    page,
    request,
  }) => {
    await skipWelcomeDialog(page);
    await signInAsAdmin(page, request);
    await page.goto('/admin');
    const header = page.getByRole('banner');
    await expect(header.getByText('Store Admin', { exact: true })).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
    await expect(sections).toHaveCount(14);
    await expect(sections.filter({ hasText: 'Releases' })).toHaveAttribute('href', '/admin/releases');
    await expect(sections.filter({ hasText: 'Integrations' })).toHaveAttribute('href', '/admin/integrations');
    await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Wishlist' })).toHaveCount(0);
    await expect(page.getByPlaceholder('Enter your email address')).toHaveCount(0);

    // A phone: the navigation is a menu behind a button.
    await page.setViewportSize({ width: 390, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await screenshot(page, 'admin-390-menu-open');
    await nav.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(nav).toBeHidden();

    await header.getByRole('link', { name: 'Back to store' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: /^Cart/ }).first()).toBeVisible();
    await page.goto('/admin');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('every admin screen at 1280 and 390 px: no serious axe violation, no sideways overflow', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await skipWelcomeDialog(page);
    await signInAsAdmin(page, request);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const s of screens) {
        await page.goto(s.path);
        await s.ready(page);
        await expectNoHorizontalOverflow(page);
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, `admin-${s.name}-${width}`);
      }
    }
  });
});
