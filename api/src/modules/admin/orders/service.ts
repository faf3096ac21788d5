import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, users } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { likePattern, pageMeta } from '../../../lib/format';
import { loadOrders } from '../../orders/service';
export async function listOrders(
  db: Db,
  q: { status?: string; payment_method?: string; search?: string; page: number; page_size: number },
) {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(sql`${orders.status} = ${q.status}`);
  if (q.payment_method) conditions.push(sql`${orders.paymentMethod} = ${q.payment_method}`);
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(
      or(ilike(orders.number, p), ilike(users.email, p), ilike(users.firstName, p), ilike(users.lastName, p))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [data, [total]] = await Promise.all([
    loadOrders(db, where, { limit: q.page_size, offset: (q.page - 1) * q.page_size }),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { data, meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}

export async function setOrderStatus(db: Db, id: number, status: (typeof orders.$inferSelect)['status']) {
  const updated = await db.update(orders).set({ status }).where(eq(orders.id, id)).returning({ id: orders.id });
  if (updated.length === 0) throw notFound('Order not found.');
  const [order] = await loadOrders(db, eq(orders.id, id));
  return order!;
}
