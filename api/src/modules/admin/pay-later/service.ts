import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, users } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { iso, money, pageMeta } from '../../../lib/format';

const PAY_LATER_TERM_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;
export async function listPayLater(
  db: Db,
  q: { status: 'outstanding' | 'paid' | 'all'; page: number; page_size: number },
) {
  const conditions: SQL[] = [eq(orders.paymentMethod, 'PAY_LATER'), sql`${orders.status} <> 'CANCELLED'`];
  if (q.status === 'outstanding') conditions.push(isNull(orders.paidAt));
  if (q.status === 'paid') conditions.push(isNotNull(orders.paidAt));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { data: rows.map(toPayLater), meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}

function toPayLater(r: { order: typeof orders.$inferSelect; email: string; firstName: string; lastName: string }) {
  const due = r.order.paymentDueAt ?? new Date(r.order.createdAt.getTime() + PAY_LATER_TERM_DAYS * DAY);
  return {
    id: r.order.id,
    order_id: r.order.id,
    order_number: r.order.number,
    customer: { id: r.order.userId, email: r.email, name: `${r.firstName} ${r.lastName}`.trim() },
    amount: money(r.order.totalCents),
    status: r.order.paidAt ? ('paid' as const) : ('outstanding' as const),
    due_date: iso(due),
    overdue: !r.order.paidAt && due.getTime() < Date.now(),
    created_at: iso(r.order.createdAt),
    paid_at: r.order.paidAt ? iso(r.order.paidAt) : null,
  };
}

export async function markPaid(db: Db, id: number) {
  const [row] = await db
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, id), eq(orders.paymentMethod, 'PAY_LATER')))
    .limit(1);
  if (!row) throw notFound('Pay-later item not found.');
  if (!row.order.paidAt) {
    const paidAt = new Date();
    await db
      .update(orders)
      .set({ paidAt, status: row.order.status === 'PENDING' ? 'PAID' : row.order.status })
      .where(and(eq(orders.id, id), isNull(orders.paidAt)));
  }
  const [updated] = await db
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  return toPayLater(updated!);
}
