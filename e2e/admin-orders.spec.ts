import { expect, test } from '@playwright/test';
import {
  adminShot,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  shopperOrdersOwnProduct,
  signInAsAdmin,
} from './fixtures/admin';
import { signInWithTokens, skipWelcomeDialog } from './fixtures/store';

/** Staff working the orders shoppers place: find one, move it along, cancel one (the stock comes back). */

test.describe('admin: orders', () => {
  test('an admin finds a shopper’s order by number, moves it along, the shopper sees it; a cancel restocks', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await signInAsAdmin(page, request);
    const {
      product,
      tokens: shopper,
      order,
    } = await shopperOrdersOwnProduct(
      request,
      admin,
      { name: 'Orders Lamp', skuPrefix: 'AO', price: '25.00', stock: 6 },
      2,
    );
    expect(await product.stock()).toBe(4);

    // Found by its number from the list.
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page).toHaveTitle('Orders · Admin · Store');
    await page.getByLabel('Search').fill(order.number);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?search=${order.number}$`));
    const row = page.getByRole('row', { name: new RegExp(order.number) });
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('Test Shopper');
    await expect(row).toContainText('$54.95');
    await expect(row).toContainText('Pending');
    await row.getByRole('link', { name: order.number }).click();

    await expect(page).toHaveURL(`/admin/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
    await expect(page).toHaveTitle(`Order ${order.number} · Admin · Store`);
    const status = page.getByRole('region', { name: 'Status', exact: true });
    await expect(status.getByRole('button')).toHaveText(['Mark as processing', 'Cancel order']);
    await status.getByRole('button', { name: 'Mark as processing' }).click();
    await page
      .getByRole('dialog', { name: `Mark order ${order.number} as processing?` })
      .getByRole('button', { name: 'Mark as processing' })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: `Order ${order.number} is now processing.` }),
    ).toBeVisible();
    const history = page.getByRole('region', { name: 'Status history' }).getByRole('listitem');
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText('Processing');
    await expect(history.last()).toContainText('Pending');
    await expect(status.getByRole('button')).toHaveText(['Mark as shipped', 'Cancel order']);

    // The shopper's order page says so.
    const shopperContext = await browser.newContext();
    const shopperPage = await shopperContext.newPage();
    await skipWelcomeDialog(shopperPage);
    await signInWithTokens(shopperPage, shopper);
    await shopperPage.goto(`/orders/${order.id}`);
    await expect(shopperPage.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
    await expect(shopperPage.getByLabel('Status: Processing')).toBeVisible();
    await shopperContext.close();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expect(page.getByRole('region', { name: 'Payment' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
      await adminShot(page, `order-detail-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Cancelling says it restocks, then the stock is back.
    await status.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${order.number}?` });
    await expect(dialog).toContainText('its 2 items go back into stock');
    await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Order ${order.number} was cancelled; its items are back in stock.` }),
    ).toBeVisible();
    await expect(status).toContainText('Cancelled orders are final');
    await expect(history.first()).toContainText('Cancelled');
    expect(await product.stock()).toBe(6);

    // Back in the list, filtered by status.
    await page.goto(`/admin/orders?status=CANCELLED&search=${order.number}`);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('CANCELLED');
    await expect(page.getByRole('row', { name: new RegExp(order.number) })).toContainText('Cancelled');
  });

  test('the dashboard’s pending figure and recent orders open the orders screens; list at 1280 and 390 px', async ({
    page,
    request,
  }) => {
    const admin = await signInAsAdmin(page, request);
    const { order } = await shopperOrdersOwnProduct(
      request,
      admin,
      { name: 'Orders Lamp', skuPrefix: 'AO', price: '25.00', stock: 3 },
      1,
    );

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Show pending orders' }).click();
    await expect(page).toHaveURL('/admin/orders?status=PENDING');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('PENDING');
    const statuses = page
      .getByRole('table', { name: 'Orders' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect(statuses.first()).toBeVisible();
    for (const text of await statuses.allTextContents()) expect(text).toContain('Pending');

    await page.goto('/admin');
    await page.getByRole('region', { name: 'Recent orders' }).getByRole('link', { name: order.number }).click();
    await expect(page).toHaveURL(`/admin/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/admin/orders');
      await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
      await adminShot(page, `orders-list-${width}`);
    }
  });

  test('an unknown order says so, with a way back to the list', async ({ page, request }) => {
    await signInAsAdmin(page, request);
    await page.goto('/admin/orders/987654321');
    await expect(page.getByText('There is no order 987654321')).toBeVisible();
    await page.getByRole('link', { name: 'Back to orders' }).click();
    await expect(page).toHaveURL('/admin/orders');
  });
});
