import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Order } from '@store/contracts';
import { variants } from '../db/schema';
import { CHECKOUT, type TestContext } from './fixture';

/** Helpers for the suites that shop: a product of the test's own, a cart, an order placed as a shopper would. */
export type Shopper = Awaited<ReturnType<TestContext['newUser']>>;

/** A fresh product of its own (one variant), so a test can set its stock without touching others. */
export async function ownProduct(
  ctx: TestContext,
  stock: number,
  { attributes = {}, price = '20.00' }: { attributes?: Record<string, string>; price?: string } = {},
) {
  const token = await ctx.adminToken();
  const category = (await ctx.request({ method: 'GET', url: '/api/admin/categories', token })).json().data[0];
  const sku = `T-${crypto.randomBytes(4).toString('hex')}`;
  const res = await ctx.request({
    method: 'POST',
    url: '/api/admin/products',
    token,
    payload: {
      name: `Test Lamp ${sku}`,
      description: 'For a test.',
      category_id: category.id,
      published: true,
      variants: [{ sku, regular_price: price, sale_price: '0', stock, attributes }],
    },
  });
  if (res.statusCode !== 201) throw new Error(`product create failed: ${res.statusCode} ${res.body}`);
  const product = res.json();
  return { productId: product.id as number, variantId: product.variants[0].id as number, name: product.name as string };
}

/** Sets the quantity of a variant in the shopper's cart. */
export async function putInCart(
  ctx: TestContext,
  user: Shopper,
  productId: number,
  variantId: number,
  quantity: number,
) {
  const res = await ctx.request({
    method: 'PUT',
    url: `/api/products/update-cart-item/${productId}/${variantId}`,
    token: user.access,
    payload: { quantity },
  });
  if (res.statusCode !== 200) throw new Error(`cart update failed: ${res.statusCode} ${res.body}`);
}

/** Puts `quantity` of the variant in the shopper's cart and checks out; answers the order. */
export async function placeOrder(
  ctx: TestContext,
  user: Shopper,
  item: { productId: number; variantId: number },
  quantity: number,
  paymentMethod: 'PAY_LATER' | 'CASH_ON_DELIVERY' = 'PAY_LATER',
): Promise<Order> {
  await putInCart(ctx, user, item.productId, item.variantId, quantity);
  const res = await ctx.request({
    method: 'POST',
    url: '/api/users/me/orders',
    token: user.access,
    payload: { ...CHECKOUT, payment_method: paymentMethod },
  });
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const stockOf = async (ctx: TestContext, variantId: number) =>
  (await ctx.app.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]!.stock;
