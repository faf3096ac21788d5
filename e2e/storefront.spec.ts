import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, demo, registerUser, screenshot, signInWithTokens, skipWelcomeDialog } from './fixtures/store';

interface Card {
  id: number;
  name: string;
}
interface Variant {
  id: number;
  stock: number;
  sale_price: string;
  regular_price: string;
  attributes: Record<string, string>;
}
interface Detail extends Card {
  variants: Variant[];
}

/** A product with several buyable variants, and one of them that is not the first. */
async function productWithVariants(request: APIRequestContext) {
  const list = (await (await request.get('/api/products?page_size=48&in_stock=true')).json()) as { data: Card[] };
  for (const card of list.data) {
    const detail = (await (await request.get(`/api/products/${card.id}`)).json()) as Detail;
    const buyable = detail.variants.filter((v) => v.stock >= 3);
    if (buyable.length >= 2) return { product: detail, variant: buyable[buyable.length - 1]! };
  }
  throw new Error('no product with two variants in stock');
}

async function signInThroughDialog(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toBeHidden();
}

const cartBadge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ }).first();

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what}: page width ${scrollWidth} in a ${clientWidth} px window`).toBeLessThanOrEqual(
    clientWidth,
  );
}

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
    const { newShopperSession } = await import('./fixtures/store');
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
      const list = (await (await request.get('/api/products?page_size=1')).json()) as { data: Card[] };
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

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const unitCents = (v: Variant) => Math.round(Number(Number(v.sale_price) > 0 ? v.sale_price : v.regular_price) * 100);

test.describe('prices, the cart and the wishlist', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  test("a card says 'From' the cheapest price, and the product page starts on the cheapest variant in stock", async ({
    page,
    request,
  }) => {
    const list = (await (await request.get('/api/products?page_size=48&in_stock=true')).json()) as {
      data: (Card & { price_varies?: boolean })[];
    };
    let found: { detail: Detail; cheapest: Variant } | undefined;
    for (const card of list.data) {
      const detail = (await (await request.get(`/api/products/${card.id}`)).json()) as Detail;
      const inStock = detail.variants.filter((v) => v.stock > 0);
      const prices = new Set(detail.variants.map(unitCents));
      if (prices.size < 2 || inStock.length < 2) continue;
      const cheapest = [...inStock].sort((a, b) => unitCents(a) - unitCents(b))[0]!;
      // Only a product whose first variant is not the cheapest shows the preselection.
      if (inStock[0]!.id !== cheapest.id) {
        found = { detail, cheapest };
        break;
      }
    }
    expect(found, 'a product whose first variant is not its cheapest').toBeDefined();
    const { detail, cheapest } = found!;
    const min = Math.min(...detail.variants.map(unitCents));

    await page.goto(`/products?search=${encodeURIComponent(detail.name)}`);
    const card = page.getByRole('region', { name: 'Products' }).getByRole('article', { name: detail.name }).first();
    await expect(card).toContainText(`From ${money(min)}`);

    await page.goto(`/products/${detail.id}`);
    for (const [name, value] of Object.entries(cheapest.attributes)) {
      await expect(
        page.getByRole('radiogroup', { name }).getByRole('radio', { name: value, exact: true }),
      ).toHaveAttribute('aria-checked', 'true');
      // Values keep their case ('50 ml', not '50 Ml').
      const transform = await page
        .getByRole('radiogroup', { name })
        .getByRole('radio', { name: value, exact: true })
        .evaluate((el) => getComputedStyle(el).textTransform);
      expect(transform).toBe('none');
    }
  });

  test('the cart stops + at the stock and caps a typed quantity with one message', async ({ page, request }) => {
    const { newShopperSession } = await import('./fixtures/store');
    const { tokens } = await newShopperSession(page, request);
    const list = (await (await request.get('/api/products?page_size=48&in_stock=true')).json()) as { data: Card[] };
    let target: { product: Detail; variant: Variant } | undefined;
    for (const card of list.data) {
      const detail = (await (await request.get(`/api/products/${card.id}`)).json()) as Detail;
      const variant = detail.variants.find((v) => v.stock >= 2 && v.stock <= 40);
      if (variant) {
        target = { product: detail, variant };
        break;
      }
    }
    const { product, variant } = target!;
    const auth = { Authorization: `Bearer ${tokens.access}` };
    expect(
      (
        await request.post('/api/products/add-to-cart', {
          data: { product_id: product.id, variant_id: variant.id },
          headers: auth,
        })
      ).ok(),
    ).toBeTruthy();
    await page.goto('/cart');
    const quantity = page.getByLabel('Quantity', { exact: true }).first();
    await expect(quantity).toHaveValue('1');
    const attributes = Object.entries(variant.attributes);
    if (attributes.length) {
      const attrs = page.getByText(`${attributes[0]![0]}: ${attributes[0]![1]}`, { exact: false }).first();
      expect(await attrs.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
    }

    await quantity.fill('99');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue(String(variant.stock));
    const note = page.getByText(`Only ${variant.stock} left in stock.`);
    await expect(note).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Increase quantity' }).first()).toBeDisabled();
    await page.waitForTimeout(500);
    await expect(note).toHaveCount(1);
    const me = (await (await request.get('/api/users/me', { headers: auth })).json()) as {
      cart: { cart_items: { quantity: number }[] };
    };
    expect(me.cart.cart_items[0]!.quantity).toBe(variant.stock);
    await screenshot(page, 'storefront-cart-capped');
  });

  test("the wishlist's Move to cart asks which variant when there are several", async ({ page, request }) => {
    const { newShopperSession } = await import('./fixtures/store');
    const { tokens } = await newShopperSession(page, request);
    const { product, variant } = await productWithVariants(request);
    const auth = { Authorization: `Bearer ${tokens.access}` };
    expect(
      (await request.post('/api/users/me/wishlist', { data: { product_id: product.id }, headers: auth })).ok(),
    ).toBeTruthy();
    await page.goto('/wishlist');
    await page.getByRole('listitem', { name: product.name }).getByRole('button', { name: 'Move to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose an option' });
    await expect(dialog).toBeVisible();
    const label = Object.entries(variant.attributes)
      .map(([k, v]) => `${k}: ${v}`)
      .join(' · ');
    await dialog.getByRole('radio', { name: label }).check();
    await dialog.getByRole('button', { name: 'Move to cart' }).click();
    await expect(page.getByText('Added to cart!')).toBeVisible();
    await expect(page.getByRole('listitem', { name: product.name })).toBeHidden();
    const me = (await (await request.get('/api/users/me', { headers: auth })).json()) as {
      cart: { cart_items: { variant: { id: number } }[] };
    };
    expect(me.cart.cart_items.map((i) => i.variant.id)).toEqual([variant.id]);
  });
});

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
      data: Card[];
      meta: { total: number };
    };
    const all = (await (await request.get('/api/products?page_size=1')).json()) as { meta: { total: number } };
    expect(expected.meta.total).toBeGreaterThan(0);
    expect(expected.meta.total).toBeLessThan(all.meta.total);
    await expect(products.getByRole('heading', { level: 3 })).toHaveText(expected.data.map((p) => p.name));
  });
});

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
    const body = (await (await request.get(`/api/products/suggest?q=${term}`)).json()) as { data: Card[] };
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

test.describe('pages that exist, each with its own title', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  const content: [string, string][] = [
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/cookies', 'Cookie Policy'],
    ['/accessibility', 'Accessibility'],
    ['/faq', 'Frequently asked questions'],
    ['/shipping', 'Shipping'],
    ['/returns', 'Returns'],
    ['/size-guide', 'Size guide'],
    ['/help', 'Help center'],
    ['/categories', 'Categories'],
  ];

  test('the footer, sign-up and 404 links lead to real pages, each titled', async ({ page, request }) => {
    for (const [path, title] of content) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Store`);
      await expect(page.getByText('Oops! Page Not Found')).toBeHidden();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/size-guide');
    await expect(page.getByRole('table').first()).toBeVisible();
    await screenshot(page, 'storefront-content-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'storefront-content-1280');

    // Every internal link of the footer and of the 404 page opens a page that exists.
    await page.goto('/no-such-page');
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Store');
    const hrefs = await page
      .locator('main a[href^="/"], footer a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    expect(hrefs).toEqual(expect.arrayContaining(['/categories', '/help', '/terms', '/faq']));
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.getByText('Oops! Page Not Found'), href).toBeHidden();
    }

    const list = (await (await request.get('/api/products?page_size=1')).json()) as { data: Card[] };
    await page.goto(`/products/${list.data[0]!.id}`);
    await expect(page).toHaveTitle(`${list.data[0]!.name} · Store`);
    await page.goto('/products/category/Shoes');
    await expect(page).toHaveTitle('Shoes · Store');
  });
});

test.describe('keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  test('a skip link leads past the top bar; Escape closes the Categories menu and returns to its button', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(page.getByRole('region', { name: 'Products' }).getByRole('article').first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    const trigger = page.getByRole('banner').getByRole('button', { name: 'Categories' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('region', { name: 'Categories' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('on a phone, Escape closes the mobile menu (and its categories) and returns to the menu button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Categories' }).click();
    await menu.getByRole('link').last().focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
