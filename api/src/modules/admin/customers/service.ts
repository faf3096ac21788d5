import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, refreshTokens, users } from '../../../db/schema';
import { fieldError, notFound } from '../../../lib/errors';
import { likePattern, money, pageMeta } from '../../../lib/format';
import { loadOrders } from '../../orders/loadOrders';
import { accountOf } from '../../users/account';

const customerColumns = {
  user: users,
  // Written out in full: drizzle leaves columns unqualified in single-table selects.
  orderCount: sql<number>`(select count(*) from orders o where o.user_id = "users"."id")`.mapWith(Number),
  spent:
    sql<number>`(select coalesce(sum(o.total_cents), 0) from orders o where o.user_id = "users"."id" and o.status <> 'CANCELLED')`.mapWith(
      Number,
    ),
};
function toCustomer(r: { user: typeof users.$inferSelect; orderCount: number; spent: number }) {
  return {
    ...accountOf(r.user),
    order_count: r.orderCount,
    total_spent: money(r.spent),
  };
}

export async function listCustomers(
  db: Db,
  q: { search?: string; is_active?: boolean; page: number; page_size: number },
) {
  const conditions: SQL[] = [eq(users.role, 'REGULAR')];
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(
      or(
        ilike(users.email, p),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
        ilike(users.username, p),
      )!,
    );
  }
  if (q.is_active !== undefined) conditions.push(eq(users.isActive, q.is_active));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(customerColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.dateJoined), desc(users.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { data: rows.map(toCustomer), meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}

export async function customerDetail(db: Db, id: number) {
  const [row] = await db
    .select(customerColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'REGULAR')))
    .limit(1);
  if (!row) throw notFound('Customer not found.');
  return { ...toCustomer(row), orders: await loadOrders(db, eq(orders.userId, id)) };
}

export async function setCustomerActive(db: Db, id: number, isActive: boolean, actingAdminId: number) {
  if (id === actingAdminId && !isActive) throw fieldError('is_active', 'You cannot deactivate your own account.');
  // Customers only: staff accounts are not managed here.
  const updated = await db
    .update(users)
    .set({ isActive })
    .where(and(eq(users.id, id), eq(users.role, 'REGULAR')))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound('Customer not found.');
  // A deactivated account loses its sessions at once.
  if (!isActive) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
  }
  return customerDetail(db, id);
}
