import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { orderStatusLabels, orderStatusTransitions, type AdminOrderSort, type OrderStatus } from '@store/contracts';
import type { Db } from '../../../db/client';
import { orders, users } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import { likePattern, pageMeta } from '../../../lib/format';
import { getOrder, loadOrders } from '../../orders/loadOrders';
import { cancelAndRestock } from '../../orders/service';

const customerName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
const sortColumns = {
  created: orders.createdAt,
  number: orders.number,
  customer: customerName,
  total: orders.totalCents,
} as const;

/**
 * Orders filtered by status and payment method, searched by number, e-mail or name, sorted by a column
 * (newest first by default; the id breaks ties, so pages never repeat or skip a row).
 */
export async function listOrders(
  db: Db,
  q: {
    status?: string;
    payment_method?: string;
    search?: string;
    sort?: AdminOrderSort;
    page: number;
    page_size: number;
  },
) {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(sql`${orders.status} = ${q.status}`);
  if (q.payment_method) conditions.push(sql`${orders.paymentMethod} = ${q.payment_method}`);
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(or(ilike(orders.number, p), ilike(users.email, p), ilike(customerName, p))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = q.sort ?? '-created';
  const direction = sort.startsWith('-') ? desc : asc;
  const column = sort.replace('-', '') as keyof typeof sortColumns;
  const [data, [total]] = await Promise.all([
    loadOrders(db, where, { limit: q.page_size, offset: (q.page - 1) * q.page_size }, [
      direction(sortColumns[column]),
      direction(orders.id),
    ]),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { data, meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}

const label = (status: OrderStatus) => orderStatusLabels[status].toLowerCase();

/** Why an order cannot move from `current` to `wanted`, naming where it can go. */
function refusal(number: string, current: OrderStatus, wanted: OrderStatus) {
  if (current === wanted) return `Order ${number} is already ${label(current)}.`;
  const next = orderStatusTransitions[current];
  if (next.length === 0) return `Order ${number} is ${label(current)}; its status can no longer change.`;
  return `Order ${number} is ${label(current)}; it can only be moved to ${next.map(label).join(' or ')}.`;
}

/**
 * Moves an order along the allowed transitions (`orderStatusTransitions`), 409 otherwise. The update
 * is guarded by the status it starts from, so two admins acting at once cannot skip a step.
 * Cancelling puts the stock back (the shopper's cancel, for the statuses staff may cancel from);
 * delivering a cash-on-delivery order records it as paid (the cash was taken at the door).
 */
export async function setOrderStatus(db: Db, id: number, status: OrderStatus) {
  const from = (Object.keys(orderStatusTransitions) as OrderStatus[]).filter((s) =>
    orderStatusTransitions[s].includes(status),
  );
  await db.transaction(async (t) => {
    let changed = false;
    if (status === 'CANCELLED') changed = await cancelAndRestock(t, id, from);
    else if (from.length > 0) {
      const updated = await t
        .update(orders)
        .set({
          status,
          ...(status === 'DELIVERED'
            ? {
                paidAt: sql`case when ${orders.paymentMethod} = 'CASH_ON_DELIVERY' then coalesce(${orders.paidAt}, now()) else ${orders.paidAt} end`,
              }
            : {}),
        })
        .where(and(eq(orders.id, id), inArray(orders.status, from)))
        .returning({ id: orders.id });
      changed = updated.length > 0;
    }
    if (!changed) {
      const [current] = await t
        .select({ number: orders.number, status: orders.status })
        .from(orders)
        .where(eq(orders.id, id))
        .limit(1);
      if (!current) throw notFound('Order not found.');
      throw conflict(refusal(current.number, current.status, status));
    }
  });
  return getOrder(db, id);
}
