import { expect, test, type APIRequestContext } from '@playwright/test';
import { cartBadge, newShopperSession, screenshot, skipWelcomeDialog } from './fixtures/store';
import { BASE_PORT } from './playwright.config';

/** The cart remote's own origin (the shell's port + 2, as `npm start` serves it). */
const CART_ORIGIN = new RegExp(`localhost:${BASE_PORT + 2}/`);

interface ProductCard {
  id: number;
  name: string;
  in_stock: boolean;
}
interface ProductDetail extends ProductCard {
  variants: { id: number; stock: number }[];
}

/**
 * The `skip`-th of the newest published products with a variant of at least `minStock` in stock
 * (other specs running beside this one create small-stock products, which become the newest: a test
 * that adds several must not land on one of those, and different `skip`s give different products).
 */
async function inStockProduct(request: APIRequestContext, skip = 0, minStock = 21): Promise<ProductDetail> {
  const list = (await (await request.get('/api/products?in_stock=true&page_size=48')).json()) as {
    data: ProductCard[];
  };
  let eligible = 0;
  for (const card of list.data) {
    const product = (await (await request.get(`/api/products/${card.id}`)).json()) as ProductDetail;
    if (!product.variants.some((v) => v.stock >= minStock)) continue;
    if (eligible === skip) return product;
    eligible += 1;
  }
  throw new Error(`fewer than ${skip + 1} products with ${minStock} in stock`);
}

async function addViaApi(request: APIRequestContext, access: string, product: ProductDetail) {
  const variant = product.variants.find((v) => v.stock > 20) ?? product.variants[0]!;
  const response = await request.post('/api/products/add-to-cart', {
    data: { product_id: product.id, variant_id: variant.id },
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(response.ok()).toBeTruthy();
  return variant;
}

test.describe('cart', () => {
  test('add to cart from the product page updates the badge at once and persists', async ({ page, request }) => {
    await newShopperSession(page, request);
    const product = await inStockProduct(request);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await page.getByRole('button', { name: /^add to cart$/i }).click();
    await expect(page.getByText('Added to cart!')).toBeVisible();
    await expect(cartBadge(page)).toContainText('1');
    await screenshot(page, 'product-details');
    await page.reload();
    await expect(cartBadge(page)).toContainText('1');
  });

  test("hovering Cart shows the cart remote's preview, loaded only then", async ({ page, request }) => {
    const { tokens } = await newShopperSession(page, request);
    const product = await inStockProduct(request, 5);
    await addViaApi(request, tokens.access, product);
    const miniCartRequests: string[] = [];
    page.on('request', (r) => {
      if (CART_ORIGIN.test(r.url()) && r.resourceType() === 'script') miniCartRequests.push(r.url());
    });
    await page.goto('/products');
    await expect(cartBadge(page)).toHaveAccessibleName('Cart (1 item)');
    expect(miniCartRequests).toEqual([]);

    await cartBadge(page).hover();
    const preview = page.getByLabel('Cart preview');
    await expect(preview).toBeVisible();
    await expect(preview).toContainText(product.name);
    expect(miniCartRequests.length).toBeGreaterThan(0);
    // In view only: a full-page capture resizes the window for a moment, and the hover preview lives on the pointer.
    await screenshot(page, 'cart-preview', { fullPage: false });
    await preview.getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(preview).toBeHidden();
  });

  test('signed out, add to cart opens the sign-in dialog', async ({ page, request }) => {
    await skipWelcomeDialog(page);
    const product = await inStockProduct(request);
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: /^add to cart$/i }).click();
    await expect(page.getByText('Please login to add to cart!')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  });

  test('rapid clicks on + end with the screen and the server agreeing', async ({ page, request }) => {
    const { tokens } = await newShopperSession(page, request);
    const product = await inStockProduct(request, 1);
    await addViaApi(request, tokens.access, product);
    await page.goto('/cart');
    const quantity = page.getByLabel('Quantity', { exact: true }).first();
    await expect(quantity).toHaveValue('1');
    const plus = page.getByRole('button', { name: 'Increase quantity' }).first();
    for (let i = 0; i < 10; i++) await plus.click();
    await expect(quantity).toHaveValue('11');
    await screenshot(page, 'cart');
    // Wait until the server has the last update, then reload and compare.
    await expect
      .poll(async () => {
        const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${tokens.access}` } });
        const body = (await me.json()) as { cart: { cart_items: { quantity: number }[] } };
        return body.cart.cart_items[0]?.quantity;
      })
      .toBe(11);
    await page.reload();
    await expect(page.getByLabel('Quantity', { exact: true }).first()).toHaveValue('11');
  });

  test('a failed remove is rolled back with the spec toast', async ({ page, request }) => {
    const { tokens } = await newShopperSession(page, request);
    const product = await inStockProduct(request, 2);
    await addViaApi(request, tokens.access, product);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
    await page.route('**/api/products/remove-from-cart/**', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ detail: 'Nope' }) }),
    );
    await page
      .getByRole('button', { name: /^remove/i })
      .first()
      .click();
    await expect(page.getByText('Failed to remove item from cart!')).toBeVisible();
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
    await page.unroute('**/api/products/remove-from-cart/**');
    await page
      .getByRole('button', { name: /^remove/i })
      .first()
      .click();
    await expect(page.getByText('Item removed from cart!')).toBeVisible();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });

  test('Clear cart asks first, then empties the cart on the screen and on the server', async ({ page, request }) => {
    const { tokens } = await newShopperSession(page, request);
    await addViaApi(request, tokens.access, await inStockProduct(request, 3));
    await addViaApi(request, tokens.access, await inStockProduct(request, 4));
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear cart' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear your cart?' });
    await confirm.getByRole('button', { name: 'Keep items' }).click();
    await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await confirm.getByRole('button', { name: 'Clear cart' }).click();
    await expect(page.getByText('Cart cleared!')).toBeVisible();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(cartBadge(page)).toHaveAccessibleName('Cart (0 items)');
    const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${tokens.access}` } });
    expect(((await me.json()) as { cart: { cart_items: unknown[] } }).cart.cart_items).toEqual([]);
  });

  test('opening /cart signed out asks to sign in and returns there afterwards', async ({ page, request }) => {
    const { registerUser } = await import('./fixtures/store');
    const user = await registerUser(request);
    await skipWelcomeDialog(page);
    await page.goto('/cart');
    await expect(page.getByText('Please login to view your cart!')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator('[data-boundary="mf-cart"]').first()).toBeVisible();
  });
});
