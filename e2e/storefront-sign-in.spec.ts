import { expect, test } from '@playwright/test';
import { productWithVariants } from './fixtures/products';
import {
  apiLogin,
  cartBadge,
  demo,
  registerUser,
  signInThroughDialog,
  signInWithTokens,
  skipWelcomeDialog,
} from './fixtures/store';

test.describe('intent kept across sign-in', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  test('Add to cart signed out: the sign-in finishes the add with the chosen variant and quantity, and lands on /', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    const { product, variant } = await productWithVariants(request);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    for (const [name, value] of Object.entries(variant.attributes)) {
      await page.getByRole('radiogroup', { name }).getByRole('radio', { name: value, exact: true }).click();
    }
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Please login to add to cart!')).toBeVisible();
    await signInThroughDialog(page, user.email, user.password);

    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByText('Added to cart!')).toBeVisible();
    await expect(cartBadge(page)).toHaveAccessibleName('Cart (2 items)');
    const tokens = await apiLogin(request, user.email, user.password);
    const me = (await (
      await request.get('/api/users/me', { headers: { Authorization: `Bearer ${tokens.access}` } })
    ).json()) as { cart: { cart_items: { variant: { id: number }; quantity: number }[] } };
    expect(me.cart.cart_items.map((i) => [i.variant.id, i.quantity])).toEqual([[variant.id, 2]]);
  });

  test('the wishlist heart signed out: the sign-in adds the product to the wishlist', async ({ page, request }) => {
    const user = await registerUser(request);
    const { product } = await productWithVariants(request);
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByText('Please login to view your wishlist!')).toBeVisible();
    await signInThroughDialog(page, user.email, user.password);
    await expect(page.getByText('Added to wishlist!')).toBeVisible();
    const tokens = await apiLogin(request, user.email, user.password);
    const wishlist = (await (
      await request.get('/api/users/me/wishlist', { headers: { Authorization: `Bearer ${tokens.access}` } })
    ).json()) as { data: { product: { id: number } }[] };
    expect(wishlist.data.map((i) => i.product.id)).toEqual([product.id]);
  });

  test('after sign-up the sign-in page has the e-mail; signed in, the auth pages send you on', async ({
    page,
    request,
  }) => {
    const id = `${Date.now().toString(36)}${process.pid}`;
    const email = `ada_${id}@example.com`;
    await page.goto('/auth/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Username').fill(`ada_${id}`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm password').fill('Secret123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 5000 });
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

    await signInWithTokens(page, await apiLogin(request, email, 'Secret123'));
    for (const path of ['/auth/login', '/auth/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/:\d+\/$/);
    }
  });

  test('an admin who opens /auth/login is sent to /admin', async ({ page, request }) => {
    await signInWithTokens(page, await apiLogin(request, demo.admin.email, demo.admin.password));
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/admin$/);
  });
});
