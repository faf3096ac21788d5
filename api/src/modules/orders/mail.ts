import type { Order } from '@store/contracts';
import { lineLabel } from './lineLabel';

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
