import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoHorizontalOverflow } from './fixtures/checks';
import type { ProductCard } from './fixtures/products';
import { screenshot, skipWelcomeDialog } from './fixtures/store';

test.describe('search that forgives', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  test("a typo, words in any order and 'did you mean' when nothing matches", async ({ page }) => {
    await page.goto('/products');
    const search = page.getByRole('combobox', { name: 'Search the catalog' });
    const products = page.getByRole('region', { name: 'Products' });
    const names = products.getByRole('heading', { level: 3 });

    // A typo still finds the sneakers.
    await search.fill('snekers');
    await search.press('Enter');
    await expect(page).toHaveURL(/search=snekers/);
    await expect(names.first()).toContainText(/Sneakers/);

    // Words in any order.
    await search.fill('sneakers recycled');
    await search.press('Enter');
    await expect(page).toHaveURL(/search=sneakers(\+|%20)recycled/);
    await expect(names.first()).toContainText(/Recycled Sneakers/);

    // No product is a blue dress: the closest (dresses first) rather than nothing.
    await search.fill('blue dress');
    await search.press('Enter');
    await expect(page).toHaveURL(/search=blue(\+|%20)dress/);
    await expect(products.getByRole('article').first()).toContainText('Dresses');
    await expect(
      page.getByText('No product matches every word of “blue dress”; these match some of them.'),
    ).toBeVisible();
    await expect(page.getByText('No products match your filters')).toBeHidden();
    await screenshot(page, 'search-blue-dress-1280', { fullPage: false });

    // Too far from any word to correct silently: offered instead, and its link searches it.
    await search.fill('wrp');
    await search.press('Enter');
    await expect(page.getByText('No products match your filters')).toBeVisible();
    const offer = products.getByRole('link', { name: '“wrap”' });
    await expect(offer).toBeVisible();
    await offer.click();
    await expect(page).toHaveURL(/search=wrap/);
    await expect(names.first()).toContainText(/wrap/i);
  });
});

test.describe('search suggestions as the shopper types', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  /** What the API suggests for a term: the lines the field must show, in order. */
  async function suggestionsFor(request: APIRequestContext, term: string) {
    const body = (await (await request.get(`/api/products/suggest?q=${term}`)).json()) as { data: ProductCard[] };
    return body.data;
  }

  test("desktop: 'snek' in the list's search suggests sneakers; ↓ Enter opens the first, Escape and a click outside close", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const expected = await suggestionsFor(request, 'snek');
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/products');
    const field = page.getByRole('combobox', { name: 'Search the catalog' });
    await field.pressSequentially('snek', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Suggested products' });
    await expect(list).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    const options = list.getByRole('option');
    await expect(options).toHaveCount(expected.length);
    for (const [i, product] of expected.entries()) {
      await expect(options.nth(i)).toContainText(product.name);
      await expect(options.nth(i)).toContainText(/Sneakers/);
      await expect(options.nth(i)).toContainText(/\$\d+\.\d{2}/);
    }
    await expect(options.first().locator('img')).toBeVisible();
    // In view only: a full-page capture resizes the window and the list's desktop search would remount.
    await screenshot(page, 'search-suggestions-1280', { fullPage: false });

    // Escape closes and keeps the text; a click outside closes too.
    await field.press('Escape');
    await expect(list).toBeHidden();
    await expect(field).toHaveValue('snek');
    await field.press('ArrowDown');
    await expect(list).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(list).toBeHidden();

    await field.focus();
    await field.press('ArrowDown');
    await expect(field).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/products/${expected[0]!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: expected[0]!.name })).toBeVisible();
  });

  test("phone: the header's search suggests as well, and a tap opens the product", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const expected = await suggestionsFor(request, 'snek');
    expect(expected.length).toBeGreaterThan(1);
    await page.goto('/');
    const field = page.getByRole('combobox', { name: 'Search products' });
    await field.pressSequentially('snek', { delay: 40 });
    const options = page.getByRole('listbox', { name: 'Suggested products' }).getByRole('option');
    await expect(options).toHaveCount(expected.length);
    await expect(options.first()).toContainText(expected[0]!.name);
    await expectNoHorizontalOverflow(page, 'suggestions at 390 px');
    await screenshot(page, 'search-suggestions-390');
    await options.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/products/${expected[1]!.id}$`));
    // Like a search, choosing clears the box.
    await expect(field).toHaveValue('');
  });
});
