import { expect, test } from '@playwright/test';
import type { ProductCard } from './fixtures/products';
import { skipWelcomeDialog } from './fixtures/store';

test.describe('lists and product cards', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  test("Next goes to the top of the list, a minimum above the maximum is said at the fields, Featured's 'View all' lists the featured", async ({
    page,
    request,
  }) => {
    await page.goto('/products');
    const products = page.getByRole('region', { name: 'Products' });
    await expect(products.getByRole('article').first()).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // A minimum above the maximum: the fields say so, and nothing is applied.
    await page.getByLabel('Minimum price', { exact: true }).fill('100');
    await page.getByLabel('Maximum price', { exact: true }).fill('20');
    await expect(page.getByRole('alert').filter({ hasText: 'The minimum price is above the maximum.' })).toBeVisible();
    await expect(page.getByLabel('Minimum price', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Apply price' })).toBeDisabled();
    await page.getByLabel('Maximum price', { exact: true }).fill('200');
    await expect(page.getByText('The minimum price is above the maximum.')).toBeHidden();
    await page.getByRole('button', { name: 'Apply price' }).click();
    await expect(page).toHaveURL(/min_price=100/);
    await expect(page).toHaveURL(/max_price=200/);

    // The home page's Featured row leads to the featured products, not to every product.
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured' });
    await featured.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/products\?featured=true$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Featured products');
    const expected = (await (await request.get('/api/products?featured=true&page_size=24')).json()) as {
      data: ProductCard[];
      meta: { total: number };
    };
    const all = (await (await request.get('/api/products?page_size=1')).json()) as { meta: { total: number } };
    expect(expected.meta.total).toBeGreaterThan(0);
    expect(expected.meta.total).toBeLessThan(all.meta.total);
    await expect(products.getByRole('heading', { level: 3 })).toHaveText(expected.data.map((p) => p.name));
  });
});
