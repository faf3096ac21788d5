import { and, count, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, products, users, variants } from '../../../db/schema';
import { money } from '../../../lib/format';
import { loadOrders } from '../../orders/loadOrders';
import { LOW_STOCK } from '../products/service';

export async function dashboard(db: Db) {
  const [[revenue], [customers], [productCounts], byStatus, [payLater], [lowStock], sales, recent] = await Promise.all([
    db
      .select({ cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number), n: count() })
      .from(orders)
      .where(sql`${orders.status} <> 'CANCELLED'`),
    db.select({ n: count() }).from(users).where(eq(users.role, 'REGULAR')),
    db
      .select({ n: count(), published: sql<number>`count(*) filter (where ${products.published})`.mapWith(Number) })
      .from(products),
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    db
      .select({ cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number), n: count() })
      .from(orders)
      .where(and(eq(orders.paymentMethod, 'PAY_LATER'), isNull(orders.paidAt), sql`${orders.status} <> 'CANCELLED'`)),
    db.select({ n: count() }).from(variants).where(lte(variants.stock, LOW_STOCK)),
    db
      .select({
        date: sql<string>`to_char(date_trunc('day', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        cents: sql<number>`sum(${orders.totalCents})`.mapWith(Number),
        n: count(),
      })
      .from(orders)
      .where(and(sql`${orders.createdAt} > now() - interval '30 days'`, sql`${orders.status} <> 'CANCELLED'`))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    loadOrders(db, undefined, { limit: 5, offset: 0 }),
  ]);
  const ordersByStatus = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
  return {
    revenue: money(revenue?.cents),
    order_count: revenue?.n ?? 0,
    customer_count: customers?.n ?? 0,
    product_count: productCounts?.n ?? 0,
    published_product_count: productCounts?.published ?? 0,
    pending_order_count: ordersByStatus.PENDING ?? 0,
    pay_later_outstanding: money(payLater?.cents),
    pay_later_outstanding_count: payLater?.n ?? 0,
    low_stock_variant_count: lowStock?.n ?? 0,
    orders_by_status: ordersByStatus,
    sales_by_day: sales.map((s) => ({ date: s.date, total: money(s.cents), orders: s.n })),
    recent_orders: recent,
  };
}
