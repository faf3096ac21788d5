import { expect, test } from '@playwright/test';
import { apiLogin, demo, newShopperSession, screenshot, skipWelcomeDialog } from './fixtures/store';

test.describe('the shell composes every remote at runtime', () => {
  test('home renders the frame with the catalog remote', async ({ page }) => {
    await skipWelcomeDialog(page);
    await page.goto('/');
    await expect(page.locator('[data-boundary="mf-catalog"]').first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`${new Date().getFullYear()}`);
    await expect(page.getByPlaceholder('Enter your email address')).toBeVisible();
    // Category tiles and product rows come from the API.
    await expect(page.locator('[data-boundary="mf-catalog"] a[href^="/products/"]').first()).toBeVisible();
    await screenshot(page, 'home');
  });

  test('cart, account and admin remotes render for a signed-in user', async ({ page, request }) => {
    await newShopperSession(page, request);
    await page.goto('/cart');
    await expect(page.locator('[data-boundary="mf-cart"]').first()).toBeVisible();
    await page.goto('/account');
    await expect(page.locator('[data-boundary="mf-account"]').first()).toBeVisible();
    await page.goto('/wishlist');
    await expect(page.locator('[data-boundary="mf-account"]').first()).toBeVisible();
    await page.goto('/admin/auth/login');
    await expect(page.locator('[data-boundary="mf-admin"]').first()).toBeVisible();
  });

  test('an unknown path shows the 404 page, whose countdown can be cancelled', async ({ page }) => {
    await skipWelcomeDialog(page);
    await page.clock.install();
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
    await expect(page.getByText('Error Code: 404 | Page Not Found')).toBeVisible();
    await expect(page.getByText(/\b(10|9|8)\b/).first()).toBeVisible();
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: /cancel/i }).click();
    const url = page.url();
    // After cancelling, the countdown never redirects, even once its 10 s have passed on the page's clock.
    await page.clock.runFor(11_000);
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
    expect(page.url()).toBe(url);
  });

  test('the 404 countdown redirects to the homepage', async ({ page }) => {
    await skipWelcomeDialog(page);
    await page.clock.install();
    await page.goto('/definitely-missing');
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
    // The page is the server's (answered 404) until its scripts have hydrated it; the countdown runs
    // from then on the page's clock, which the test moves a second at a time until it redirects.
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return new URL(page.url()).pathname;
      })
      .toBe('/');
  });

  test('corrupted auth in localStorage starts signed out without a crash', async ({ page }) => {
    await skipWelcomeDialog(page);
    await page.addInitScript(() => localStorage.setItem('auth', '{not json'));
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' }).first()).toBeVisible();
    await page.addInitScript(() =>
      localStorage.setItem('auth', JSON.stringify({ tokens: { access: 'x.y.z', refresh: 'nope' }, role: 'ADMIN' })),
    );
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' }).first()).toBeVisible();
  });

  test('Contact Us sends the message to the support inbox; the footer subscribes to the newsletter', async ({
    page,
    request,
  }) => {
    await skipWelcomeDialog(page);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    const subject = `Gift wrapping ${Date.now()}`;
    await dialog.getByRole('combobox', { name: 'Type of Inquiry' }).selectOption('Order Support');
    await dialog.getByRole('textbox', { name: 'Your email' }).fill('visitor@example.com');
    await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Can you gift-wrap my order?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Thanks! Your message has been sent.', { exact: false })).toBeVisible();
    await expect(dialog).toBeHidden();
    const { access } = await apiLogin(request, demo.admin.email, demo.admin.password);
    const inbox = (await (
      await request.get('/api/admin/support/messages', { headers: { Authorization: `Bearer ${access}` } })
    ).json()) as { data: { subject: string; email: string; inquiry_type: string }[] };
    expect(inbox.data.find((m) => m.subject === subject)).toMatchObject({
      email: 'visitor@example.com',
      inquiry_type: 'Order Support',
    });

    const footerEmail = page.getByPlaceholder('Enter your email address');
    await footerEmail.fill(`reader_${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Thanks for subscribing!', { exact: false })).toBeVisible();
    await expect(footerEmail).toHaveValue('');
  });

  test('mobile search goes to the product list with the trimmed term', async ({ page }) => {
    await skipWelcomeDialog(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await search.fill('  shirt  ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/products\?category=all&search=shirt$/);
    // Cleared after submitting; prefilled from ?search= when a page opens with it.
    await expect(search).toHaveValue('');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveValue('shirt');
    await expect(page.getByRole('region', { name: 'Products' }).getByRole('article').first()).toBeVisible();
    await screenshot(page, 'mobile-search');
  });
});
