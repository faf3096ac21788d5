import { expect, test } from '@playwright/test';
import { adminShot, expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signInAsAdmin } from './fixtures/admin';

test.describe('admin: attributes and categories', () => {
  test('an admin creates a category and an attribute; a taken name is refused at the field', async ({
    page,
    request,
  }) => {
    await signInAsAdmin(page, request);
    const suffix = Date.now().toString(36);

    await page.goto('/admin/categories');
    await page.getByRole('button', { name: 'Add category' }).click();
    let dialog = page.getByRole('dialog', { name: 'New category' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByLabel('Name').fill(`Garden ${suffix}`);
    await dialog.getByLabel('Description').fill('Outdoor things');
    await dialog.getByRole('button', { name: 'Create category' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Category Garden ${suffix} created.` })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Garden ${suffix}`) })).toBeVisible();
    // The same name in another case is refused, with the API's message at the field.
    await page.getByRole('button', { name: 'Add category' }).click();
    dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByLabel('Name').fill(`GARDEN ${suffix}`);
    await dialog.getByRole('button', { name: 'Create category' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`A category named "Garden ${suffix}" already exists.`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Add category' })).toBeFocused();

    // The storefront's category menu has it.
    const categories = await (await request.get('/api/products/categories')).json();
    expect(categories.data.map((c: { name: string }) => c.name)).toContain(`Garden ${suffix}`);

    await page.goto('/admin/attributes');
    await page.getByRole('button', { name: 'Add attribute' }).click();
    dialog = page.getByRole('dialog', { name: 'New attribute' });
    await dialog.getByLabel('Name').fill(`Finish ${suffix}`);
    await dialog.getByLabel('Values').fill('Matt, Gloss');
    await dialog.getByRole('button', { name: 'Create attribute' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Attribute Finish ${suffix} created.` })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Finish ${suffix}`) })).toContainText('Matt, Gloss');
  });

  test('deleting a category that has products is refused with the reason', async ({ page, request }) => {
    await signInAsAdmin(page, request);
    await page.goto('/admin/categories');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: /^[1-9]\d*$/ }) })
      .first();
    const name = (await row.getByRole('strong').or(row.locator('strong')).first().textContent())!;
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: /has \d+ products?; move or delete them first\./ }),
    ).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  });

  test('attributes and categories at 1280 and 390 px: no serious axe violation, no sideways overflow', async ({
    page,
    request,
  }) => {
    await signInAsAdmin(page, request);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [name, title] of [
        ['attributes', 'Attributes'],
        ['categories', 'Categories'],
      ] as const) {
        await page.goto(`/admin/${name}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('table', { name: title })).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectNoSeriousA11yViolations(page);
        await adminShot(page, `${name}-${width}`);
      }
    }
    // The dialog too.
    await page.goto('/admin/categories');
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByRole('dialog', { name: 'New category' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await adminShot(page, 'categories-dialog-390');
  });
});
