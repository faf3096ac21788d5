import { expect, test } from '@playwright/test';
import type { ProductCard } from './fixtures/products';
import { screenshot, skipWelcomeDialog } from './fixtures/store';

test.describe('pages that exist, each with its own title', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  const content: [string, string][] = [
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/cookies', 'Cookie Policy'],
    ['/accessibility', 'Accessibility'],
    ['/faq', 'Frequently asked questions'],
    ['/shipping', 'Shipping'],
    ['/returns', 'Returns'],
    ['/size-guide', 'Size guide'],
    ['/help', 'Help center'],
    ['/categories', 'Categories'],
  ];

  test('the footer, sign-up and 404 links lead to real pages, each titled', async ({ page, request }) => {
    for (const [path, title] of content) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Store`);
      await expect(page.getByText('Oops! Page Not Found')).toBeHidden();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/size-guide');
    await expect(page.getByRole('table').first()).toBeVisible();
    await screenshot(page, 'storefront-content-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'storefront-content-1280');

    // Every internal link of the footer and of the 404 page opens a page that exists.
    await page.goto('/no-such-page');
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Store');
    const hrefs = await page
      .locator('main a[href^="/"], footer a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    expect(hrefs).toEqual(expect.arrayContaining(['/categories', '/help', '/terms', '/faq']));
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.getByText('Oops! Page Not Found'), href).toBeHidden();
    }

    const list = (await (await request.get('/api/products?page_size=1')).json()) as { data: ProductCard[] };
    await page.goto(`/products/${list.data[0]!.id}`);
    await expect(page).toHaveTitle(`${list.data[0]!.name} · Store`);
    await page.goto('/products/category/Shoes');
    await expect(page).toHaveTitle('Shoes · Store');
  });
});

test.describe('keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  test('a skip link leads past the top bar; Escape closes the Categories menu and returns to its button', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(page.getByRole('region', { name: 'Products' }).getByRole('article').first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    const trigger = page.getByRole('banner').getByRole('button', { name: 'Categories' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('region', { name: 'Categories' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('on a phone, Escape closes the mobile menu (and its categories) and returns to the menu button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Categories' }).click();
    await menu.getByRole('link').last().focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
