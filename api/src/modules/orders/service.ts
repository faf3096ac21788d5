import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Address, CheckoutOptions, CheckoutPayload, Order, OrderStatus, StockShortage } from '@store/contracts';
import { formatAddress } from '@store/contracts';
import type { DbOrTx } from '../../db/client';
import { cartItems, carts, orderLines, orders, products, variants } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../lib/errors';
import { money } from '../../lib/format';
import { recomputeProductPrices } from '../catalog/service';
import { deliveryOptions } from './delivery';
import { getOrder } from './loadOrders';
import { lineLabel } from './lineLabel';
import { paymentProviders } from './payments';
import { canonical, claimKeyInTransaction, storeAnswerInTransaction } from '../../lib/idempotency';

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
