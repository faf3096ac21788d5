import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Address, CheckoutOptions, CheckoutPayload, Order, OrderStatus, StockShortage } from '@store/contracts';
import { formatAddress } from '@store/contracts';
import type { DbOrTx } from '../../db/client';
import { cartItems, carts, orderLines, orderStatusHistory, orders, products, users, variants } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors';
import { coverImage, iso, money, productImage } from '../../lib/format';
import { recomputeProductPrices } from '../catalog/service';
import { deliveryOptions } from './delivery';
import { paymentProviders } from './payments';
import { canonical, claimKeyInTransaction, storeAnswerInTransaction } from '../../lib/idempotency';

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

export const orderNumber = () =>
  `ORD-${Date.now().toString(36).toUpperCase()}-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

/** What the checkout offers for the shopper's current cart, priced here. */
export async function checkoutOptions(db: DbOrTx, userId: number): Promise<CheckoutOptions> {
  const [lines, [last]] = await Promise.all([
    db
      .select({ quantity: cartItems.quantity, sale: variants.salePriceCents, regular: variants.regularPriceCents })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .innerJoin(variants, eq(variants.id, cartItems.variantId))
      .where(eq(carts.userId, userId)),
    db
      .select({ address: orders.address })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNotNull(orders.address)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1),
  ]);
  const subtotal = lines.reduce((sum, l) => sum + (l.sale > 0 ? l.sale : l.regular) * l.quantity, 0);
  return {
    subtotal: money(subtotal),
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    delivery_methods: Object.values(deliveryOptions).map((d) => ({
      id: d.id,
      label: d.label,
      description: d.description,
      price: money(d.priceCents(subtotal)),
    })),
    payment_methods: Object.values(paymentProviders).map((p) => ({
      id: p.id,
      label: p.label,
      description: p.description,
    })),
    last_address: (last?.address as Address | undefined) ?? null,
  };
}

export interface PlacedOrder {
  statusCode: number;
  order: Order;
  /** False when this answer is the stored one of an earlier request with the same key. */
  created: boolean;
}

const attributeText = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
const lineLabel = (name: string, attributes: Record<string, string>) => {
  const text = attributeText(attributes);
  return text ? `${name} (${text})` : name;
};

/**
 * Places an order from the server cart, in one transaction: the cart is locked, the products and
 * variants are locked in id order (so concurrent checkouts queue instead of deadlocking), prices and stock are
 * re-read, stock is taken, the order with its lines and address is written and the cart emptied.
 * With an idempotency key, the answer is stored in the same transaction: a repeat (even from another
 * API process, even while the first is still running) waits for it and gets the same answer.
 */
export async function placeOrder(
  db: DbOrTx,
  userId: number,
  payload: CheckoutPayload,
  idempotencyKey?: string,
): Promise<PlacedOrder> {
  const requestHash = crypto.createHash('sha256').update(canonical(payload)).digest('hex');
  const claim = idempotencyKey ? { userId, key: idempotencyKey, requestHash } : undefined;
  return db.transaction(async (t) => {
    if (claim) {
      // Claims the key; a concurrent request with the same key waits here until this one commits.
      const earlier = await claimKeyInTransaction(t, claim);
      if (earlier) return { statusCode: earlier.statusCode, order: earlier.response as Order, created: false };
    }

    const [cart] = await t.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update');
    if (!cart) throw badRequest('Your cart is empty.');
    const lines = await t
      .select({
        quantity: cartItems.quantity,
        variantId: variants.id,
        stock: variants.stock,
        sale: variants.salePriceCents,
        regular: variants.regularPriceCents,
        attributes: variants.attributes,
        sku: variants.sku,
        productId: products.id,
        name: products.name,
        published: products.published,
        integrationKeyId: cartItems.integrationKeyId,
      })
      .from(cartItems)
      .innerJoin(variants, eq(variants.id, cartItems.variantId))
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.cartId, cart.id))
      .orderBy(asc(products.id), asc(variants.id))
      .for('update', { of: [products, variants] });
    if (lines.length === 0) throw badRequest('Your cart is empty.');

    const short = lines.filter((l) => !l.published || l.stock < l.quantity);
    if (short.length > 0) {
      const shortage: StockShortage = {
        code: 'out_of_stock',
        detail: short
          .map((l) => {
            const label = lineLabel(l.name, l.attributes);
            const left = l.published ? Math.max(0, l.stock) : 0;
            return left === 0
              ? `${label} is out of stock.`
              : `Only ${left} left of ${label} (you have ${l.quantity} in your cart).`;
          })
          .join(' '),
        lines: short.map((l) => ({
          product_id: l.productId,
          variant_id: l.variantId,
          name: l.name,
          requested: l.quantity,
          available: l.published ? Math.max(0, l.stock) : 0,
        })),
      };
      throw new HttpError(409, shortage);
    }

    for (const l of lines) {
      // The rows are locked; the guard keeps stock from going below 0 even if that ever changed.
      const taken = await t
        .update(variants)
        .set({ stock: sql`${variants.stock} - ${l.quantity}` })
        .where(and(eq(variants.id, l.variantId), sql`${variants.stock} >= ${l.quantity}`))
        .returning({ id: variants.id });
      if (taken.length === 0) throw new Error(`stock of variant ${l.variantId} changed under its lock`);
    }

    const unit = (l: (typeof lines)[number]) => (l.sale > 0 ? l.sale : l.regular);
    const subtotal = lines.reduce((sum, l) => sum + unit(l) * l.quantity, 0);
    const deliveryCents = deliveryOptions[payload.delivery_method].priceCents(subtotal);
    const placedAt = new Date();
    const payment = await paymentProviders[payload.payment_method].start({
      totalCents: subtotal + deliveryCents,
      placedAt,
    });
    const [order] = await t
      .insert(orders)
      .values({
        number: orderNumber(),
        userId,
        status: payment.confirmedAt ? 'PAID' : 'PENDING',
        paymentMethod: payload.payment_method,
        subtotalCents: subtotal,
        deliveryMethod: payload.delivery_method,
        deliveryCents,
        totalCents: subtotal + deliveryCents,
        itemCount: lines.reduce((n, l) => n + l.quantity, 0),
        shippingAddress: formatAddress(payload.address),
        address: payload.address,
        createdAt: placedAt,
        paymentDueAt: payment.dueAt,
        paidAt: payment.confirmedAt,
        // A line that came through an integrator's hand-off credits the order to that key.
        integrationKeyId: lines.find((l) => l.integrationKeyId !== null)?.integrationKeyId ?? null,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned nothing');
    await t.insert(orderLines).values(
      lines.map((l) => ({
        orderId: order.id,
        productId: l.productId,
        variantId: l.variantId,
        name: l.name,
        attributes: l.attributes,
        sku: l.sku,
        unitPriceCents: unit(l),
        quantity: l.quantity,
      })),
    );
    await t.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    await recomputeProductPrices(t, [...new Set(lines.map((l) => l.productId))]);
    const placed = await getOrder(t, order.id, userId);
    if (claim) await storeAnswerInTransaction(t, claim, 201, placed);
    return { statusCode: 201, order: placed, created: true };
  });
}

/**
 * Locks the variants (and their products) in product, variant order: the same order checkout locks
 * them in, so a cancel and a checkout queue instead of deadlocking.
 */
async function lockStock(t: DbOrTx, variantIds: number[]) {
  if (variantIds.length === 0) return;
  await t
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, variantIds))
    .orderBy(asc(products.id), asc(variants.id))
    .for('update', { of: [products, variants] });
}

/** Cancels a shopper's PENDING order and puts its stock back, in one transaction. */
export async function cancelOrder(db: DbOrTx, userId: number, orderId: number): Promise<Order> {
  return db.transaction(async (t) => {
    const cancelled = await cancelAndRestock(t, orderId, ['PENDING'], userId);
    if (!cancelled) {
      const existing = await getOrder(t, orderId, userId); // 404 for a missing or someone else's order
      throw conflict(`Order ${existing.number} is ${existing.status.toLowerCase()} and can no longer be cancelled.`);
    }
    return getOrder(t, orderId, userId);
  });
}

/**
 * Inside the caller's transaction: sets the order CANCELLED if its status is one of `from` (and it
 * belongs to `userId` when given) and puts every line's quantity back in stock. False when the order
 * was not in one of those statuses (or is missing): nothing changed.
 */
export async function cancelAndRestock(
  t: DbOrTx,
  orderId: number,
  from: readonly OrderStatus[],
  userId?: number,
): Promise<boolean> {
  const cancelled = await t
    .update(orders)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(orders.id, orderId),
        userId === undefined ? undefined : eq(orders.userId, userId),
        inArray(orders.status, [...from]),
      ),
    )
    .returning({ id: orders.id });
  if (cancelled.length === 0) return false;
  const lines = await t.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  await lockStock(
    t,
    lines.map((l) => l.variantId),
  );
  for (const l of lines) {
    // A variant deleted since has nothing to restock.
    await t
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${l.quantity}` })
      .where(eq(variants.id, l.variantId));
  }
  await recomputeProductPrices(t, [...new Set(lines.map((l) => l.productId))]);
  return true;
}

/** The order confirmation e-mail. */
export function confirmationMail(order: Order, publicUrl: string) {
  const link = `${publicUrl.replace(/\/$/, '')}/orders/${order.id}`;
  const dollars = (decimal: string) => `$${decimal}`;
  const lines = order.lines.map(
    (l) =>
      `  ${l.quantity} × ${lineLabel(l.name, l.attributes)} at ${dollars(l.unit_price)} = ${dollars(l.line_total)}`,
  );
  const payment =
    order.payment_method === 'PAY_LATER' && order.payment_due_at
      ? `Pay later: your invoice of ${dollars(order.total)} is due by ${order.payment_due_at.slice(0, 10)}.`
      : order.payment_method === 'CASH_ON_DELIVERY'
        ? `Cash on delivery: please have ${dollars(order.total)} ready for the courier.`
        : '';
  const text = [
    `Thank you for your order ${order.number}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${dollars(order.subtotal)}`,
    `Delivery (${order.delivery_method === 'EXPRESS' ? 'express' : 'standard'}): ${dollars(order.delivery_price)}`,
    `Total: ${dollars(order.total)}`,
    '',
    `Delivery address: ${order.shipping_address}`,
    payment,
    '',
    `See your order: ${link}`,
  ].join('\n');
  return { to: order.customer.email, subject: `Your order ${order.number}`, text, link };
}
