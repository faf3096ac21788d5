import { expect, test, type Page } from '@playwright/test';
import {
  adminShot,
  bearer,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  shopperOrdersOwnProduct,
  signInAsAdmin,
} from './fixtures/admin';
import { skipWelcomeDialog } from './fixtures/store';

/** Staff screens about people and money: pay later, customers, the support inbox. */

const INVOICE_LAMP = { name: 'Invoice Lamp', skuPrefix: 'PL', price: '42.00', stock: 5 };

/** The screen at 1280 and 390 px: no sideways scroll, nothing serious for axe, a screenshot of each. */
async function checkScreen(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await ready();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await adminShot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('admin: pay later, customers, support', () => {
  test('an admin marks a pay-later item paid; it leaves the outstanding list and shows under Paid', async ({
    page,
    request,
  }) => {
    const admin = await signInAsAdmin(page, request);
    const { order, shopper, tokens } = await shopperOrdersOwnProduct(request, admin, INVOICE_LAMP);

    await page.goto('/admin/pay-later');
    await expect(page.getByRole('heading', { level: 1, name: 'Pay later' })).toBeVisible();
    await expect(page).toHaveTitle('Pay later · Admin · Store');
    const totals = page.getByRole('list', { name: 'Pay-later totals' });
    await expect(totals.getByRole('listitem').filter({ hasText: 'Outstanding' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pay-later items: outstanding' })).toBeVisible();
    await checkScreen(page, 'pay-later', async () => {
      await expect(
        page.getByRole('table', { name: 'Pay-later items: outstanding' }).getByRole('row').nth(1),
      ).toBeVisible();
    });

    await page.getByRole('searchbox', { name: 'Search' }).fill(order.number);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/pay-later\\?search=${order.number}$`));
    const row = page.getByRole('row', { name: new RegExp(order.number) });
    await expect(row).toContainText('Due in 14 days');
    await expect(row).toContainText(shopper.email);
    await expect(row).toContainText(`$${order.total}`);

    await row.getByRole('button', { name: `Mark paid: ${order.number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Mark order ${order.number} paid?` });
    await expect(dialog).toContainText(`Records $${order.total} from Test Shopper as received today.`);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Order ${order.number} marked paid` })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No pay-later items match this search')).toBeVisible();

    await page.getByLabel('Show').selectOption('Paid');
    await expect(page).toHaveURL(new RegExp(`/admin/pay-later\\?search=${order.number}&status=paid$`));
    const paidRow = page.getByRole('table', { name: 'Pay-later items: paid' }).getByRole('row', {
      name: new RegExp(order.number),
    });
    await expect(paidRow).toContainText(/Paid \d+ \w+ \d{4}/);
    await expect(paidRow.getByRole('button')).toHaveCount(0);

    // The shopper's own order says it is paid.
    const mine = (await (
      await request.get(`/api/users/me/orders/${order.id}`, { headers: bearer(tokens) })
    ).json()) as {
      paid_at: string | null;
      status: string;
    };
    expect(mine.paid_at).not.toBeNull();
    expect(mine.status).toBe('PAID');
  });

  test('an admin deactivates a customer, who is signed out and cannot sign in, then reactivates them', async ({
    page,
    browser,
    request,
  }) => {
    const admin = await signInAsAdmin(page, request);
    const { shopper, tokens, order } = await shopperOrdersOwnProduct(request, admin, INVOICE_LAMP);

    await page.goto('/admin/customers');
    await expect(page).toHaveTitle('Customers · Admin · Store');
    await checkScreen(page, 'customers', async () => {
      await expect(page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1)).toBeVisible();
    });
    await page.getByRole('searchbox', { name: 'Search' }).fill(shopper.username);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/customers\\?search=${shopper.username}$`));
    const row = page.getByRole('row', { name: /Test Shopper/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(shopper.email);
    await expect(row).toContainText('Active');
    await row.getByRole('link', { name: 'Test Shopper' }).click();

    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Test Shopper' })).toBeVisible();
    await expect(page).toHaveTitle('Test Shopper · Admin · Store');
    const orders = page.getByRole('table', { name: 'Orders of Test Shopper' });
    await expect(orders.getByRole('link', { name: order.number })).toHaveAttribute('href', `/admin/orders/${order.id}`);
    await expect(page.getByRole('list', { name: 'Customer figures' })).toContainText(`Total spent$${order.total}`);
    await checkScreen(page, 'customer-detail', async () => {
      await expect(orders.getByRole('link', { name: order.number })).toBeVisible();
    });

    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Test Shopper?' });
    await expect(dialog).toContainText('signed out everywhere at once and cannot sign in');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Test Shopper is deactivated and signed out.' }),
    ).toBeVisible();
    await expect(page.getByText('This account is deactivated')).toBeVisible();
    await adminShot(page, 'customer-detail-deactivated-1280');

    // Their session ends: the token they hold is refused; signing in again says no.
    expect((await request.get('/api/users/me', { headers: bearer(tokens) })).status()).toBe(401);
    const visitor = await browser.newPage();
    await skipWelcomeDialog(visitor);
    await visitor.goto('/auth/login');
    await visitor.getByLabel('Email', { exact: true }).fill(shopper.email);
    await visitor.getByLabel('Password', { exact: true }).fill(shopper.password);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      visitor.getByRole('alert').filter({ hasText: 'No active account found with the given credentials' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Reactivate Test Shopper?' })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Test Shopper is active again and can sign in.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();

    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await expect(visitor).toHaveURL(/\/$/);
    await visitor.close();
  });

  test('a Contact Us message from a visitor shows in Support, is read whole and marked answered', async ({
    page,
    browser,
    request,
  }) => {
    const subject = `Gift wrapping ${Date.now().toString(36)}`;
    const visitor = await browser.newPage();
    await skipWelcomeDialog(visitor);
    await visitor.goto('/');
    await visitor.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' }).click();
    const contact = visitor.getByRole('dialog', { name: 'Contact Us' });
    await contact.getByRole('combobox', { name: 'Type of Inquiry' }).selectOption('Order Support');
    await contact.getByRole('textbox', { name: 'Your email' }).fill('visitor@example.com');
    await contact.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await contact.getByRole('textbox', { name: 'Message' }).fill('Can you gift-wrap my order?\nIt is a present.');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(visitor.getByText('Thanks! Your message has been sent.', { exact: false })).toBeVisible();
    await visitor.close();

    await signInAsAdmin(page, request);
    await page.goto('/admin/support');
    await expect(page).toHaveTitle('Support · Admin · Store');
    const row = page.getByRole('row', { name: new RegExp(subject) });
    await expect(row).toContainText('Visitor');
    await expect(row).toContainText('visitor@example.com');
    await expect(row).toContainText('Open');
    await checkScreen(page, 'support', async () => {
      await expect(row).toBeVisible();
    });

    await row.getByRole('button', { name: `Read message: ${subject}` }).click();
    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog).toContainText('Can you gift-wrap my order?');
    await expect(dialog).toContainText('It is a present.');
    await expect(dialog.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      `mailto:visitor@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );
    await adminShot(page, 'support-message-1280');
    await dialog.getByRole('button', { name: 'Mark answered' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message marked answered.' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Answered');

    await page.getByLabel('Show').selectOption('Open');
    await expect(page).toHaveURL(/\/admin\/support\?status=open$/);
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toHaveCount(0);
    await page.getByLabel('Show').selectOption('Answered');
    await expect(page).toHaveURL(/\/admin\/support\?status=answered$/);
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText('Answered');
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('row', { name: new RegExp(subject) })
      .getByRole('button', { name: /Read message/ })
      .click();
    await expect(page.getByRole('dialog', { name: subject })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await adminShot(page, 'support-message-390');
  });
});
