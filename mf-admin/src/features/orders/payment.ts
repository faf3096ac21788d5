import type { Order } from '@store/contracts';
import { formatDate } from '../admin-ui/format';

export interface PaymentState {
  /** A few words for the list ("Due 5 Dec 2026"). */
  short: string;
  /** A sentence for the order's page. */
  long: string;
  tone?: 'danger' | 'success';
}

/** Whether and when an order was paid, or when it is due (pay later) or collected (cash on delivery). */
export function paymentState(
  order: Pick<Order, 'status' | 'payment_method' | 'paid_at' | 'payment_due_at'>,
  now = new Date(),
): PaymentState {
  if (order.paid_at) {
    const day = formatDate(order.paid_at);
    return { short: `Paid ${day}`, long: `Paid on ${day}.`, tone: 'success' };
  }
  if (order.status === 'CANCELLED') {
    return { short: 'Not paid', long: 'Not paid; the order was cancelled, so nothing is to be collected.' };
  }
  if (order.payment_method === 'PAY_LATER' && order.payment_due_at) {
    const due = formatDate(order.payment_due_at);
    return new Date(order.payment_due_at) < now
      ? { short: `Overdue since ${due}`, long: `Not paid; the invoice was due on ${due}.`, tone: 'danger' }
      : { short: `Due ${due}`, long: `Not paid yet; the invoice is due on ${due}.` };
  }
  if (order.payment_method === 'CASH_ON_DELIVERY') {
    return { short: 'Due on delivery', long: 'Not paid yet; the courier collects the cash on delivery.' };
  }
  return { short: 'Not paid', long: 'Not paid.' };
}
