import crypto from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Order } from '@store/contracts';
import { unitPriceCents } from '@store/contracts';
import type { Db } from '../../db/client';
import { cartItems, orderLines, orders, products, users, variants } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { iso, money, productImage } from '../../lib/format';
import { cartIdOf, loadCart } from '../cart/service';
import { recomputeProductPrices } from '../catalog/service';

type OrderRow = typeof orders.$inferSelect;

/** Orders matching `where`, newest first, with their customer and lines. */
export async function loadOrders(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<Order[]> {
  let query = db
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .$dynamic();
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query;
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  return rows.map((r) =>
    toOrder(
      r.order,
      { id: r.order.userId, email: r.email, name: `${r.firstName} ${r.lastName}`.trim() },
      lines.filter((l) => l.orderId === r.order.id),
    ),
  );
}

function toOrder(o: OrderRow, customer: Order['customer'], lines: (typeof orderLines.$inferSelect)[]): Order {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    payment_method: o.paymentMethod,
    total: money(o.totalCents),
    item_count: o.itemCount,
    created_at: iso(o.createdAt),
    customer,
    shipping_address: o.shippingAddress,
    lines: lines.map((l) => ({
      product_id: l.productId,
      variant_id: l.variantId,
      name: l.name,
      image: productImage(l.productId, 1),
      attributes: l.attributes,
      unit_price: money(l.unitPriceCents),
      quantity: l.quantity,
      line_total: money(l.unitPriceCents * l.quantity),
    })),
  };
}

export async function getOrder(db: Db, id: number, userId?: number): Promise<Order> {
  const where = userId === undefined ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, userId));
  const [order] = await loadOrders(db, where);
  // Another user's order is reported exactly like a missing one.
  if (!order) throw notFound('Order not found.');
  return order;
}

export const orderNumber = () =>
  `ORD-${Date.now().toString(36).toUpperCase()}-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

/** Places an order from the server cart: stock is taken atomically, the cart emptied, all in one transaction. */
export async function checkout(
  db: Db,
  userId: number,
  payload: { payment_method: 'CARD' | 'PAY_LATER'; shipping_address: string },
): Promise<Order> {
  const cart = await loadCart(db, userId);
  if (cart.cart_items.length === 0) throw badRequest('Your cart is empty.');
  const cartId = await cartIdOf(db, userId);
  const orderId = await db.transaction(async (tx) => {
    let total = 0;
    let count = 0;
    for (const item of cart.cart_items) {
      const taken = await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} - ${item.quantity}` })
        .where(and(eq(variants.id, item.variant.id), gte(variants.stock, item.quantity)))
        .returning({ id: variants.id });
      if (taken.length === 0) {
        throw new HttpError(400, { detail: `Not enough stock for ${item.product.name}.` });
      }
      total += unitPriceCents(item.variant) * item.quantity;
      count += item.quantity;
    }
    const [order] = await tx
      .insert(orders)
      .values({
        number: orderNumber(),
        userId,
        status: payload.payment_method === 'CARD' ? 'PAID' : 'PENDING',
        paymentMethod: payload.payment_method,
        totalCents: total,
        itemCount: count,
        shippingAddress: payload.shipping_address,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned nothing');
    await tx.insert(orderLines).values(
      cart.cart_items.map((item) => ({
        orderId: order.id,
        productId: item.product.id,
        variantId: item.variant.id,
        name: item.product.name,
        attributes: item.variant.attributes,
        unitPriceCents: unitPriceCents(item.variant),
        quantity: item.quantity,
      })),
    );
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
    await recomputeProductPrices(tx as unknown as Db, [...new Set(cart.cart_items.map((i) => i.product.id))]);
    return order.id;
  });
  return getOrder(db, orderId, userId);
}

export { products };
