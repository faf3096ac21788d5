import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Order } from '@store/contracts';
import { variants } from '../../db/schema';
import { CHECKOUT, type TestContext } from '../../test/fixture';

/** Helpers for the admin suites: a product of the test's own, and an order placed as a shopper would. */
export type Shopper = Awaited<ReturnType<TestContext['newUser']>>;

export async function ownProduct(ctx: TestContext, stock: number, attributes: Record<string, string> = {}) {
  const token = await ctx.adminToken();
  const category = (await ctx.request({ method: 'GET', url: '/api/admin/categories', token })).json().data[0];
  const sku = `T-${crypto.randomBytes(4).toString('hex')}`;
  const res = await ctx.request({
    method: 'POST',
    url: '/api/admin/products',
    token,
    payload: {
      name: `Test Lamp ${sku}`,
      category_id: category.id,
      published: true,
      variants: [{ sku, regular_price: '20.00', stock, attributes }],
    },
  });
  if (res.statusCode !== 201) throw new Error(`product create failed: ${res.statusCode} ${res.body}`);
  const product = res.json();
  return { productId: product.id as number, variantId: product.variants[0].id as number };
}

/** Puts `quantity` of the variant in the shopper's cart and checks out; answers the order. */
export async function placeOrder(
  ctx: TestContext,
  user: Shopper,
  item: { productId: number; variantId: number },
  quantity: number,
  paymentMethod: 'PAY_LATER' | 'CASH_ON_DELIVERY' = 'PAY_LATER',
): Promise<Order> {
  const cart = await ctx.request({
    method: 'PUT',
    url: `/api/products/update-cart-item/${item.productId}/${item.variantId}`,
    token: user.access,
    payload: { quantity },
  });
  if (cart.statusCode !== 200) throw new Error(`cart update failed: ${cart.statusCode} ${cart.body}`);
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
