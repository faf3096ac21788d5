import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures/checks';
import { screenshot, skipWelcomeDialog } from './fixtures/store';

interface Card {
  id: number;
  name: string;
  category: string;
  min_price: string;
}

test.describe('catalog', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  test('home, product list and product details have no serious accessibility violations', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'New arrivals' }).getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/products?category=all');
    await expect(page.getByRole('region', { name: 'Products' }).getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const list = (await (await request.get('/api/products?page_size=1')).json()) as { data: Card[] };
    await page.goto(`/products/${list.data[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: list.data[0]!.name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('filters live in the URL: a reload restores them and Back undoes them', async ({ page, request }) => {
    await page.goto('/products/category/Shoes');
    await expect(page.getByRole('heading', { level: 1, name: 'Shoes' })).toBeVisible();
    const total = (await (await request.get('/api/products?category=Shoes&page_size=1')).json()) as {
      meta: { total: number };
    };
    await expect(page.getByText(`${total.meta.total} products`)).toBeVisible();

    await page.getByLabel('On sale').check();
    await expect(page).toHaveURL(/\/products\/category\/Shoes\?on_sale=true$/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
    await expect(page).toHaveURL(/on_sale=true&sort=price_asc/);
    const expected = (await (
      await request.get('/api/products?category=Shoes&on_sale=true&sort=price_asc&page_size=24')
    ).json()) as { data: Card[] };
    const names = page.getByRole('region', { name: 'Products' }).getByRole('heading', { level: 3 });
    await expect(names).toHaveText(expected.data.map((p) => p.name));

    await page.reload();
    await expect(page.getByLabel('On sale')).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
    await expect(names).toHaveText(expected.data.map((p) => p.name));
    await screenshot(page, 'product-list');

    await page.goBack();
    await expect(page).toHaveURL(/\/products\/category\/Shoes\?on_sale=true$/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });

  test('search from the list page, an empty result that offers to clear, and pages', async ({ page, request }) => {
    await page.goto('/products');
    const search = page.getByRole('combobox', { name: 'Search the catalog' });
    await search.fill('  sneakers ');
    await search.press('Enter');
    await expect(page).toHaveURL(/search=sneakers/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('sneakers');
    // Server-side search (names, descriptions, categories): the page shows what the API finds.
    const found = (await (await request.get('/api/products?search=sneakers&page_size=24')).json()) as { data: Card[] };
    expect(found.data.length).toBeGreaterThan(0);
    const names = page.getByRole('region', { name: 'Products' }).getByRole('heading', { level: 3 });
    await expect(names).toHaveText(found.data.map((p) => p.name));

    await search.fill('no-such-thing-at-all');
    await search.press('Enter');
    await expect(page.getByText('No products match your filters')).toBeVisible();
    await page.getByRole('region', { name: 'Products' }).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(search).toHaveValue('');

    // 150 products, 24 a page: pagination.
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  test('an unknown category and an unknown product show the 404 page (answered 404)', async ({ page }) => {
    for (const url of ['/products/category/Spaceships', '/products/99999999', '/products/not-a-number']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
    }
    // Reached inside the store (no new page from the server), the same page.
    await page.goto('/products');
    await page.evaluate(() => {
      history.pushState(null, '', '/products/99999999');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
  });

  test('the Categories menu opens on hover and leads to a category', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Categories' }).hover();
    const menu = page.getByRole('region', { name: 'Categories' });
    await menu.getByRole('link', { name: /^Bags/ }).click();
    await expect(page).toHaveURL(/\/products\/category\/Bags$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  });
});
