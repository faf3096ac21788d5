import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Address, Order } from '@store/contracts';
import type { DbOrTx } from '../../db/client';
import { orderLines, orderStatusHistory, orders, products, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { coverImage, iso, money, productImage } from '../../lib/format';

type OrderRow = typeof orders.$inferSelect;

/**
 * Orders matching `where` with their customer, lines and status history; newest first unless
 * `orderBy` says otherwise (the order id breaks ties either way).
 */
export async function loadOrders(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
  orderBy: SQL[] = [desc(orders.createdAt), desc(orders.id)],
): Promise<Order[]> {
  let query = db
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.order.id);
  const [lines, history] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const current =
    productIds.length === 0
      ? []
      : await db
          .select({ id: products.id, published: products.published, coverImage: products.coverImage })
          .from(products)
          .where(inArray(products.id, productIds));
  const available = new Set(current.filter((p) => p.published).map((p) => p.id));
  // A line shows the product's current picture (its first upload), else its generated art.
  const images = new Map(current.map((p) => [p.id, coverImage(p)]));
  return rows.map((r) =>
    toOrder(
      r.order,
      { id: r.order.userId, email: r.email, name: `${r.firstName} ${r.lastName}`.trim() },
      lines.filter((l) => l.orderId === r.order.id),
      history.filter((h) => h.orderId === r.order.id),
      available,
      images,
    ),
  );
}

function toOrder(
  o: OrderRow,
  customer: Order['customer'],
  lines: (typeof orderLines.$inferSelect)[],
  history: (typeof orderStatusHistory.$inferSelect)[],
  available: Set<number>,
  images: Map<number, string> = new Map(),
): Order {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    payment_method: o.paymentMethod,
    total: money(o.totalCents),
    subtotal: money(o.subtotalCents),
    delivery_method: o.deliveryMethod,
    delivery_price: money(o.deliveryCents),
    item_count: o.itemCount,
    created_at: iso(o.createdAt),
    customer,
    shipping_address: o.shippingAddress,
    address: (o.address as Address | null) ?? null,
    payment_due_at: o.paymentDueAt ? iso(o.paymentDueAt) : null,
    paid_at: o.paidAt ? iso(o.paidAt) : null,
    status_history: history.map((h) => ({ status: h.status, at: iso(h.createdAt) })),
    lines: lines.map((l) => ({
      product_id: l.productId,
      variant_id: l.variantId,
      name: l.name,
      image: images.get(l.productId) ?? productImage(l.productId, 1),
      attributes: l.attributes,
      sku: l.sku,
      unit_price: money(l.unitPriceCents),
      quantity: l.quantity,
      line_total: money(l.unitPriceCents * l.quantity),
      product_available: available.has(l.productId),
    })),
  };
}

export async function getOrder(db: DbOrTx, id: number, userId?: number): Promise<Order> {
  const where = userId === undefined ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, userId));
  const [order] = await loadOrders(db, where);
  // Another user's order is reported exactly like a missing one.
  if (!order) throw notFound('Order not found.');
  return order;
}

/** One page of a shopper's orders, newest first. */
export async function listMyOrders(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const where = eq(orders.userId, userId);
  const [data, [counted]] = await Promise.all([
    loadOrders(db, where, { limit: pageSize, offset: (page - 1) * pageSize }),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(where),
  ]);
  const total = counted?.n ?? 0;
  return { data, meta: { page, page_size: pageSize, total, total_pages: Math.max(1, Math.ceil(total / pageSize)) } };
}
