import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PAY_LATER_TERM_DAYS } from '@store/contracts';
import type { Db } from '../../../db/client';
import { orders, users } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import { iso, likePattern, money, pageMeta } from '../../../lib/format';

const DAY = 24 * 60 * 60 * 1000;
/** When the invoice is due: the order's `payment_due_at` (orders from before it existed: the term after the order). */
const dueAt = sql`coalesce(${orders.paymentDueAt}, ${orders.createdAt} + make_interval(days => ${PAY_LATER_TERM_DAYS}))`;

/**
 * Pay-later invoices of orders not cancelled. Outstanding (the default) and all: the earliest due
 * first, so the most overdue lead; paid: the latest payment first.
 */
export async function listPayLater(
  db: Db,
  q: { status: 'outstanding' | 'paid' | 'all'; search?: string; page: number; page_size: number },
) {
  const conditions: SQL[] = [eq(orders.paymentMethod, 'PAY_LATER'), sql`${orders.status} <> 'CANCELLED'`];
  if (q.status === 'outstanding') conditions.push(isNull(orders.paidAt));
  if (q.status === 'paid') conditions.push(isNotNull(orders.paidAt));
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(
      or(
        ilike(orders.number, p),
        ilike(users.email, p),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total], summary] = await Promise.all([
    db
      .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(...(q.status === 'paid' ? [desc(orders.paidAt), desc(orders.id)] : [asc(dueAt), asc(orders.id)]))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
    payLaterSummary(db),
  ]);
  return { data: rows.map(toPayLater), meta: pageMeta(q.page, q.page_size, total?.n ?? 0), summary };
}

/** Totals over every pay-later order not cancelled, whatever the page or filter: owed, overdue, collected. */
async function payLaterSummary(db: Db) {
  const unpaid = sql`${orders.paidAt} is null`;
  const late = sql`${orders.paidAt} is null and ${dueAt} < now()`;
  const paid = sql`${orders.paidAt} is not null`;
  const sumWhere = (cond: SQL) =>
    sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${cond}), 0)`.mapWith(Number);
  const countWhere = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
  const [row] = await db
    .select({
      outstanding: sumWhere(unpaid),
      outstandingCount: countWhere(unpaid),
      overdue: sumWhere(late),
      overdueCount: countWhere(late),
      paid: sumWhere(paid),
      paidCount: countWhere(paid),
    })
    .from(orders)
    .where(and(eq(orders.paymentMethod, 'PAY_LATER'), sql`${orders.status} <> 'CANCELLED'`));
  return {
    outstanding: money(row?.outstanding ?? 0),
    outstanding_count: row?.outstandingCount ?? 0,
    overdue: money(row?.overdue ?? 0),
    overdue_count: row?.overdueCount ?? 0,
    paid: money(row?.paid ?? 0),
    paid_count: row?.paidCount ?? 0,
  };
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
