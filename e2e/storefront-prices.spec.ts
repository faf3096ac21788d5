import { expect, test } from '@playwright/test';
import { productWithVariants, type ProductCard, type ProductDetail, type ProductVariant } from './fixtures/products';
import { newShopperSession, screenshot, skipWelcomeDialog } from './fixtures/store';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const unitCents = (v: ProductVariant) =>
  Math.round(Number(Number(v.sale_price) > 0 ? v.sale_price : v.regular_price) * 100);

test.describe('prices, the cart and the wishlist', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcomeDialog(page);
  });

  test("a card says 'From' the cheapest price, and the product page starts on the cheapest variant in stock", async ({
    page,
    request,
  }) => {
    const list = (await (await request.get('/api/products?page_size=48&in_stock=true')).json()) as {
      data: (ProductCard & { price_varies?: boolean })[];
    };
    let found: { detail: ProductDetail; cheapest: ProductVariant } | undefined;
    for (const card of list.data) {
      const detail = (await (await request.get(`/api/products/${card.id}`)).json()) as ProductDetail;
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
    const { tokens } = await newShopperSession(page, request);
    const list = (await (await request.get('/api/products?page_size=48&in_stock=true')).json()) as {
      data: ProductCard[];
    };
    let target: { product: ProductDetail; variant: ProductVariant } | undefined;
    for (const card of list.data) {
      const detail = (await (await request.get(`/api/products/${card.id}`)).json()) as ProductDetail;
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
