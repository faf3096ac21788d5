import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { PAY_LATER_TERM_DAYS } from '@store/contracts';
import type { Db } from '../../../db/client';
import { orders, users } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import { iso, money, pageMeta } from '../../../lib/format';

const DAY = 24 * 60 * 60 * 1000;
/** When the invoice is due: the order's `payment_due_at` (orders from before it existed: the term after the order). */
const dueAt = sql`coalesce(${orders.paymentDueAt}, ${orders.createdAt} + make_interval(days => ${PAY_LATER_TERM_DAYS}))`;

/**
 * Pay-later invoices of orders not cancelled. Outstanding (the default) and all: the earliest due
 * first, so the most overdue lead; paid: the latest payment first.
 */
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
      .orderBy(...(q.status === 'paid' ? [desc(orders.paidAt), desc(orders.id)] : [asc(dueAt), asc(orders.id)]))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { data: rows.map(toPayLater), meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}

function toPayLater(r: { order: typeof orders.$inferSelect; email: string; firstName: string; lastName: string }) {
  const due = r.order.paymentDueAt ?? new Date(r.order.createdAt.getTime() + PAY_LATER_TERM_DAYS * DAY);
  const late = r.order.paidAt ? 0 : Date.now() - due.getTime();
  return {
    id: r.order.id,
    order_id: r.order.id,
    order_number: r.order.number,
    customer: { id: r.order.userId, email: r.email, name: `${r.firstName} ${r.lastName}`.trim() },
    amount: money(r.order.totalCents),
    status: r.order.paidAt ? ('paid' as const) : ('outstanding' as const),
    due_date: iso(due),
    overdue: late > 0,
    /** Whole days past the due date, a started day counting (0 when paid or not yet due). */
    days_overdue: late > 0 ? Math.ceil(late / DAY) : 0,
    created_at: iso(r.order.createdAt),
    paid_at: r.order.paidAt ? iso(r.order.paidAt) : null,
  };
}

/** Records the payment (idempotent: a second call changes nothing); a pending order becomes PAID. */
export async function markPaid(db: Db, id: number) {
  const [row] = await db
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, id), eq(orders.paymentMethod, 'PAY_LATER')))
    .limit(1);
  if (!row) throw notFound('Pay-later item not found.');
  if (row.order.status === 'CANCELLED' && !row.order.paidAt)
    throw conflict(`Order ${row.order.number} is cancelled; there is nothing to collect.`);
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
