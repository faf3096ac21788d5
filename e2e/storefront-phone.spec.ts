import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow } from './fixtures/checks';
import { productWithVariants, type ProductCard } from './fixtures/products';
import { newShopperSession, screenshot, skipWelcomeDialog } from './fixtures/store';

test.describe('storefront on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  test('a list shows products first: filters in a sheet with their count, two cards a row, one search box', async ({
    page,
  }) => {
    await page.goto('/products/category/Shoes');
    const products = page.getByRole('region', { name: 'Products' });
    const cards = products.getByRole('article');
    await expect(cards.first()).toBeVisible();

    // The first product starts within the first screen, and two cards share a row.
    const first = (await cards.nth(0).boundingBox())!;
    const second = (await cards.nth(1).boundingBox())!;
    expect(first.y).toBeLessThan(600);
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    expect(first.height).toBeLessThan(420);

    // One search box: the header's.
    await expect(page.getByRole('combobox', { name: /^Search/ })).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();

    // The filters live behind one button that counts what is active (the category here).
    await expect(page.getByRole('heading', { name: 'Availability' })).toBeHidden();
    const open = page.getByRole('button', { name: /^Filters/ });
    await expect(open).toHaveAccessibleName('Filters (1 active)');
    await screenshot(page, 'storefront-list-390');
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel('On sale').check();
    await expect(page).toHaveURL(/on_sale=true/);
    await screenshot(page, 'storefront-filters-sheet-390', { fullPage: false });
    await sheet.getByRole('button', { name: /^Show/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAccessibleName('Filters (2 active)');
    await expect(cards.first()).toBeVisible();
  });

  test('a product page and a cart with a line, as a phone shows them', async ({ page, request }) => {
    const { tokens } = await newShopperSession(page, request);
    const { product, variant } = await productWithVariants(request);
    const added = await request.post('/api/products/add-to-cart', {
      data: { product_id: product.id, variant_id: variant.id },
      headers: { Authorization: `Bearer ${tokens.access}` },
    });
    expect(added.ok()).toBeTruthy();

    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page, 'a product at 390 px');
    await screenshot(page, 'storefront-product-390');

    await page.goto('/cart');
    await expect(page.getByLabel('Quantity', { exact: true }).first()).toHaveValue('1');
    await expect(page.getByRole('main')).toContainText(product.name);
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page, 'the cart at 390 px');
    await screenshot(page, 'storefront-cart-390');
  });

  for (const width of [320, 390]) {
    test(`nothing on the storefront scrolls sideways at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 844 });
      const list = (await (await request.get('/api/products?page_size=1')).json()) as { data: ProductCard[] };
      const pages = ['/', '/products/category/Shoes', `/products/${list.data[0]!.id}`, '/cart', '/contact'];
      for (const path of pages) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(page, `${path} at ${width} px`);
      }
    });
  }
});
